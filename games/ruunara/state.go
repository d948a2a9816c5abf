package ruunara

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/ruunara/card"
	rn "github.com/commandconsole/commandconsole/npc/ruunara"
)

// Stages of a game (SPEC.md §6.1).
const (
	StageSetup = "setup"
	StagePlay  = "play"
	StageOver  = "over"
)

// Phases of a turn (RU-F14).
const (
	PhaseTactical = "tactical"
	PhaseMovement = "movement"
	PhaseCombat   = "combat"
	PhaseEnd      = "end"
)

var phaseOrder = []string{PhaseTactical, PhaseMovement, PhaseCombat, PhaseEnd}

// Hero statuses.
const (
	StatusFree     = "free"
	StatusCaptured = "captured"
	StatusExecuted = "executed"
	StatusRemoved  = "removed"
)

// state is the whole game. Every field is exported for the codec; the
// state is changed only by apply.
type state struct {
	Seats       []string     `msgpack:"seats"`
	Units       []string     `msgpack:"units"` // per seat: "in" or "cm" (RU-D1)
	Mode        string       `msgpack:"mode"`
	Mission     card.Mission `msgpack:"mission"`
	DiceFirst   string       `msgpack:"dice_first"`
	RangedNoise bool         `msgpack:"ranged_noise"`
	Races       []string     `msgpack:"races"`
	Numbers     card.Numbers `msgpack:"numbers"`

	Stage string      `msgpack:"stage"`
	Cards []card.Card `msgpack:"cards"`

	Heroes   []*hero    `msgpack:"heroes"`
	Enemies  []*enemy   `msgpack:"enemies"`
	Neutrals []*neutral `msgpack:"neutrals"`
	Pairs    []rn.Pair  `msgpack:"pairs"` // engagements, in the order made (RU-D45)
	Sites    []rn.Site  `msgpack:"sites"`
	NextSite int        `msgpack:"next_site"`

	Round int    `msgpack:"round"`
	Side  int    `msgpack:"side"` // seat index; len(Seats) is the enemy turn
	Phase string `msgpack:"phase"`
	// PhaseSites are the fight sites attacked in this phase, for the noise
	// questions at its end (RU-D34c).
	PhaseSites []string `msgpack:"phase_sites"`

	Prompt *prompt `msgpack:"prompt"`
	Queue  []task  `msgpack:"queue"`
	NextQ  int     `msgpack:"next_q"`
	// Turn holds the answered questions of the enemy movement phase.
	Turn enemyTurn `msgpack:"turn"`
	// Orders are the orders given since the enemy turn began (or since the
	// last reaction), shown until the next seat turn.
	Orders []rn.Order `msgpack:"orders"`
	// Unacked counts the orders no prompt has shown yet: they are
	// acknowledged (ack) before the game moves on.
	Unacked int `msgpack:"unacked"`
	// TurnNotes is what the enemy turn did to the heroes, for its summary.
	TurnNotes []string `msgpack:"turn_notes"`
	// News are the headlines of the last command (a kill and why, a
	// capture, an execution, a rescue, the end of the game), for the
	// result line of every seat's screen.
	News []string `msgpack:"news,omitempty"`

	// The last command that is not an undo vote (RU-D57).
	LastCmd  string `msgpack:"last_cmd"`
	LastSeat int    `msgpack:"last_seat"`
	LastDice bool   `msgpack:"last_dice"`
	LastWhat string `msgpack:"last_what"`
	// LastLine is the last command's first line of history, in inches
	// and in centimetres: what Undo takes back, in words.
	LastLine   string `msgpack:"last_line,omitempty"`
	LastLineCm string `msgpack:"last_line_cm,omitempty"`
	// UndoAsk is an open undo request; UndoApproved the command both
	// seats agreed to take back.
	UndoAsk      *undoAsk `msgpack:"undo_ask"`
	UndoApproved string   `msgpack:"undo_approved"`

	Result   string `msgpack:"result"`
	Reason   string `msgpack:"reason"`
	EndRound int    `msgpack:"end_round"`
}

// use is what is left of one limited ability.
type use struct {
	ID   string `msgpack:"id"`
	Left int    `msgpack:"left"`
	// Round is the round it was last used in (turn cycle, RU-X23).
	Round int `msgpack:"round"`
}

// fight is a unit's fight (RU-D11).
type fight struct {
	In     bool `msgpack:"in"`
	Active bool `msgpack:"active"` // something that keeps the fight going happened this round
}

type hero struct {
	ID     string `msgpack:"id"`
	Card   string `msgpack:"card"`
	Name   string `msgpack:"name"`
	Seat   int    `msgpack:"seat"`
	HP     int    `msgpack:"hp"`
	Status string `msgpack:"status"`
	// Cause of capture or execution: melee, ranged, captivity.
	Cause         string   `msgpack:"cause"`
	CapturedRound int      `msgpack:"captured_round"`
	Captors       []string `msgpack:"captors"`
	GoneRound     int      `msgpack:"gone_round"`
	Count         int      `msgpack:"count"` // engaged-turn count (RU-D25)
	Fight         fight    `msgpack:"fight"`
	Attacked      bool     `msgpack:"attacked"`     // made its one attack this turn (RU-D19)
	AttackRound   int      `msgpack:"attack_round"` // last round it attacked (a search's end, RU-D36)
	Uses          []use    `msgpack:"uses"`
}

type enemy struct {
	AI    rn.Enemy `msgpack:"ai"`
	Name  string   `msgpack:"name"`
	HP    int      `msgpack:"hp"`
	Fight fight    `msgpack:"fight"`
	Uses  []use    `msgpack:"uses"`
	Body  bool     `msgpack:"body"` // killed instantly: a body marker (RU-D40)
}

type neutral struct {
	ID   string `msgpack:"id"`
	Card string `msgpack:"card"`
	Name string `msgpack:"name"`
	HP   int    `msgpack:"hp"`
	Dead bool   `msgpack:"dead"`
}

// Prompt kinds.
const (
	PromptDice     = "dice"
	PromptAssign   = "assign"
	PromptQuestion = "question"
	PromptOrders   = "orders"
)

// prompt is what the game waits for: dice, the assignment of close combat
// dice, an answer to a question, or the acknowledgement of orders.
type prompt struct {
	Kind string `msgpack:"kind"`
	// Dice: how many, the hit score, what for.
	N       int    `msgpack:"n"`
	Hit     int    `msgpack:"hit"`
	Purpose string `msgpack:"purpose"`
	// Question: the AI's question (or the engine's cover/undo question),
	// its id and kind.
	Q     rn.Question `msgpack:"q"`
	QID   string      `msgpack:"qid"`
	QKind string      `msgpack:"qkind"`
	// Attack is the resolution the prompt belongs to.
	Attack *attack `msgpack:"attack"`
	// Then is what the answer feeds, for questions: a slot of the enemy
	// turn, or a task (group, noise, cover).
	Slot string `msgpack:"slot"`
	Then task   `msgpack:"then"`
	// Seat is the seat a question is addressed to; −1 for either.
	Seat int `msgpack:"seat"`
	// Summary marks the orders prompt at the end of the enemy turn.
	Summary bool `msgpack:"summary,omitempty"`
}

// attack is one attack (or attacking ability) being resolved.
type attack struct {
	Attacker string   `msgpack:"attacker"`
	ByEnemy  bool     `msgpack:"by_enemy"`
	Ranged   bool     `msgpack:"ranged"`
	Ability  string   `msgpack:"ability"` // "" for a basic attack
	Targets  []string `msgpack:"targets"` // melee: engaged enemies; ranged: one
	N        int      `msgpack:"n"`
	Hit      int      `msgpack:"hit"`
	Faces    []int    `msgpack:"faces"`
	// Trigger is an ability's trigger roll (RU-D12), before its effect.
	Trigger     int    `msgpack:"trigger"`
	TriggerFace int    `msgpack:"trigger_face"`
	Instant     bool   `msgpack:"instant"`   // the effect is an instant kill
	OnDie       int    `msgpack:"on_die"`    // faces ≥ OnDie kill instantly (a constant feature, RU-F71)
	OnDieBy     string `msgpack:"on_die_by"` // the ability carrying it
	Stage       string `msgpack:"stage"`     // trigger, roll, assign, cover, cover-roll
	Cancelled   int    `msgpack:"cancelled"`
	Rerolled    bool   `msgpack:"rerolled"`
}

type dieTarget struct {
	Die    int    `msgpack:"die"`
	Target string `msgpack:"target"`
}

// task is work queued behind the open prompt.
type task struct {
	Kind string `msgpack:"kind"`
	// Site for noise; Group for group answers; Attack order for enemy attacks.
	Site  string         `msgpack:"site,omitempty"`
	Group rn.GroupEvent  `msgpack:"group,omitempty"`
	Q     rn.Question    `msgpack:"q,omitempty"`
	Order rn.AttackOrder `msgpack:"order,omitempty"`
	// Ability is an enemy ability to use (Site names the enemy).
	Ability string `msgpack:"ability,omitempty"`
	// Attack is an ability's effect on one target (taskEffect), or a
	// ranged area ability waiting for its targets (taskArea).
	Attack *attack `msgpack:"attack,omitempty"`
}

// Task kinds.
const (
	taskGroup        = "group"      // ask a group question (Q) about Group
	taskNoise        = "noise"      // ask the noise question for Site
	taskNextPhase    = "next-phase" // move the seat turn on
	taskEnemy        = "enemy"      // the next step of the enemy turn (Site names the step)
	taskEnemyAtk     = "enemy-attack"
	taskEnemyAbility = "enemy-ability"
	taskEffect       = "effect" // an ability's effect on one target
	taskArea         = "area"   // the enemies ticked in a ranged area
	taskBoundary     = "boundary"
)

// Slots of the enemy turn's answered questions.
const (
	slotSight    = "sight"
	slotInRange  = "in-range"
	slotResults  = "results"
	slotNearest  = "nearest"
	slotResults2 = "results2"
)

// enemyTurn keeps the answered questions of the enemy movement phase.
type enemyTurn struct {
	Sight    rn.Question `msgpack:"sight"`
	InRange  rn.Question `msgpack:"in_range"`
	Results  rn.Question `msgpack:"results"`
	Nearest  rn.Question `msgpack:"nearest"`
	Results2 rn.Question `msgpack:"results2"`
}

var errWrongState = errors.New("ruunara: not a Ruunara game state")

func asState(s console.State) (*state, error) {
	g, ok := s.(*state)
	if !ok || g == nil {
		return nil, fmt.Errorf("%w (got %T)", errWrongState, s)
	}
	return g, nil
}

// clone copies the state for Decide to work on. Everything apply changes
// in place is copied (units, pairs, lists it appends to or filters); what
// apply only ever replaces whole (cards, prompts, questions, the queue) is
// shared. TestCloneIsDeep holds it to that.
func (g *state) clone() (*state, error) {
	c := *g
	c.Seats = copyOf(g.Seats)
	c.Units = copyOf(g.Units)
	c.Races = copyOf(g.Races)
	c.Cards = copyOf(g.Cards)
	c.Heroes = copyOf(g.Heroes)
	for i, h := range g.Heroes {
		hh := *h
		hh.Captors = copyOf(h.Captors)
		hh.Uses = copyOf(h.Uses)
		c.Heroes[i] = &hh
	}
	c.Enemies = copyOf(g.Enemies)
	for i, e := range g.Enemies {
		ee := *e
		ee.Uses = copyOf(e.Uses)
		c.Enemies[i] = &ee
	}
	c.Neutrals = copyOf(g.Neutrals)
	for i, n := range g.Neutrals {
		nn := *n
		c.Neutrals[i] = &nn
	}
	c.Pairs = copyOf(g.Pairs)
	c.Sites = copyOf(g.Sites)
	for i, st := range g.Sites {
		c.Sites[i] = copySite(st)
	}
	c.PhaseSites = copyOf(g.PhaseSites)
	c.Queue = copyOf(g.Queue)
	c.Orders = copyOf(g.Orders)
	c.TurnNotes = copyOf(g.TurnNotes)
	c.News = copyOf(g.News)
	return &c, nil
}

// copyOf copies a slice, keeping nil nil (the codec tells them apart).
func copyOf[T any](s []T) []T {
	if s == nil {
		return nil
	}
	return append(make([]T, 0, len(s)), s...)
}

// card returns the game's card with id.
func (g *state) card(id string) (card.Card, bool) {
	for _, c := range g.Cards {
		if c.ID == id {
			return c, true
		}
	}
	return card.Card{}, false
}

func (g *state) hero(id string) *hero {
	for _, h := range g.Heroes {
		if strings.EqualFold(h.ID, id) {
			return h
		}
	}
	return nil
}

func (g *state) enemy(id string) *enemy {
	for _, e := range g.Enemies {
		if strings.EqualFold(e.AI.ID, id) {
			return e
		}
	}
	return nil
}

func (g *state) neutral(id string) *neutral {
	for _, n := range g.Neutrals {
		if strings.EqualFold(n.ID, id) {
			return n
		}
	}
	return nil
}

// name is a unit's display name: heroes and neutrals by name, enemies by id
// (orders name enemies by the id on their base marker, SPEC.md §4.5).
func (g *state) name(id string) string {
	if h := g.hero(id); h != nil {
		return h.Name
	}
	if n := g.neutral(id); n != nil {
		return n.Name
	}
	if e := g.enemy(id); e != nil {
		return e.AI.ID
	}
	if strings.HasPrefix(id, "hero:") {
		return g.name(strings.TrimPrefix(id, "hero:"))
	}
	return id
}

// heroCard is the card of a hero (it exists: checked when added).
func (g *state) heroCard(h *hero) card.Card { c, _ := g.card(h.Card); return c }

func (g *state) enemyCard(e *enemy) card.Card { c, _ := g.card(e.AI.Card); return c }

// seatName is a seat's name.
func (g *state) seatName(i int) string {
	if i >= 0 && i < len(g.Seats) {
		return g.Seats[i]
	}
	return "the enemies"
}

func (g *state) seatIndex(seat console.Seat) int {
	for i, s := range g.Seats {
		if s == string(seat) {
			return i
		}
	}
	return -1
}

// unitAt is the distance unit of seat index i.
func (g *state) unitAt(i int) rn.Unit {
	if i >= 0 && i < len(g.Units) && g.Units[i] == string(rn.Centimetres) {
		return rn.Centimetres
	}
	return rn.Inches
}

func (g *state) unitOf(seat console.Seat) rn.Unit {
	if i := g.seatIndex(seat); i >= 0 && i < len(g.Units) && g.Units[i] == string(rn.Centimetres) {
		return rn.Centimetres
	}
	return rn.Inches
}

// enemyTurnNow reports whether the enemies are playing.
func (g *state) enemyTurnNow() bool { return g.Stage == StagePlay && g.Side >= len(g.Seats) }

// engagedEnemies are the living enemies engaged with hero, in engagement order.
func (g *state) engagedEnemies(hero string) []string {
	var out []string
	for _, p := range g.Pairs {
		if p.Hero == hero {
			out = append(out, p.Enemy)
		}
	}
	return out
}

// engagedHeroes are the heroes engaged with enemy, in engagement order.
func (g *state) engagedHeroes(enemy string) []string {
	var out []string
	for _, p := range g.Pairs {
		if p.Enemy == enemy {
			out = append(out, p.Hero)
		}
	}
	return out
}

func (g *state) engaged(hero, enemy string) bool {
	for _, p := range g.Pairs {
		if p.Hero == hero && p.Enemy == enemy {
			return true
		}
	}
	return false
}

// uses returns the use record of ability id, creating it full.
func usesOf(list *[]use, id string, full int) *use {
	for i := range *list {
		if (*list)[i].ID == id {
			return &(*list)[i]
		}
	}
	*list = append(*list, use{ID: id, Left: full})
	sort.Slice(*list, func(i, j int) bool { return (*list)[i].ID < (*list)[j].ID })
	for i := range *list {
		if (*list)[i].ID == id {
			return &(*list)[i]
		}
	}
	return nil
}

// idNum is the number of a unit id ("E10" → 10), for numeric ordering.
func idNum(id string) int {
	n, err := strconv.Atoi(strings.TrimLeft(id, "HENhen"))
	if err != nil {
		return 1 << 30
	}
	return n
}

// byID sorts unit ids numerically (E2 before E10).
func byID(ids []string) {
	sort.SliceStable(ids, func(i, j int) bool {
		if a, b := idNum(ids[i]), idNum(ids[j]); a != b {
			return a < b
		}
		return ids[i] < ids[j]
	})
}

// freeHeroes of seat i (−1: all).
func (g *state) freeHeroes(seat int) []*hero {
	var out []*hero
	for _, h := range g.Heroes {
		if h.Status == StatusFree && (seat < 0 || h.Seat == seat) {
			out = append(out, h)
		}
	}
	return out
}

func (g *state) livingEnemies() []*enemy {
	var out []*enemy
	for _, e := range g.Enemies {
		if e.AI.Mode != rn.Dead {
			out = append(out, e)
		}
	}
	return out
}

// EncodeState serialises the state for snapshots.
func (*Rules) EncodeState(s console.State) ([]byte, error) {
	g, err := asState(s)
	if err != nil {
		return nil, err
	}
	return console.Encode(g)
}

// DecodeState reads a snapshot back and checks it.
func (*Rules) DecodeState(b []byte) (console.State, error) {
	var g state
	if err := console.Decode(b, &g); err != nil {
		return nil, fmt.Errorf("ruunara: decode state: %w", err)
	}
	if err := g.check(); err != nil {
		return nil, fmt.Errorf("ruunara: decode state: %w", err)
	}
	return &g, nil
}

// check refuses a state that cannot come from play (a damaged snapshot).
func (g *state) check() error {
	switch {
	case len(g.Seats) < 1 || len(g.Seats) > 2:
		return fmt.Errorf("%d seats (1 or 2)", len(g.Seats))
	case len(g.Units) != len(g.Seats):
		return fmt.Errorf("%d distance units for %d seats", len(g.Units), len(g.Seats))
	case g.Stage != StageSetup && g.Stage != StagePlay && g.Stage != StageOver:
		return fmt.Errorf("unknown stage %q", g.Stage)
	case len(g.Heroes) > MaxUnits || len(g.Enemies) > MaxUnits || len(g.Neutrals) > MaxUnits:
		return fmt.Errorf("too many units")
	case len(g.Cards) > MaxCards:
		return fmt.Errorf("too many cards")
	case g.Side < 0 || g.Side > len(g.Seats):
		return fmt.Errorf("turn side %d out of range", g.Side)
	case g.Round < 0 || g.Round > MaxRounds+1:
		return fmt.Errorf("round %d out of range", g.Round)
	}
	for _, h := range g.Heroes {
		if h == nil {
			return fmt.Errorf("a missing hero")
		}
		if _, ok := g.card(h.Card); !ok {
			return fmt.Errorf("hero %s: unknown card %q", h.ID, h.Card)
		}
		if h.Seat < 0 || h.Seat >= len(g.Seats) {
			return fmt.Errorf("hero %s: seat %d out of range", h.ID, h.Seat)
		}
	}
	for _, e := range g.Enemies {
		if e == nil {
			return fmt.Errorf("a missing enemy")
		}
		if _, ok := g.card(e.AI.Card); !ok {
			return fmt.Errorf("enemy %s: unknown card %q", e.AI.ID, e.AI.Card)
		}
	}
	for _, n := range g.Neutrals {
		if n == nil {
			return fmt.Errorf("a missing neutral")
		}
	}
	if err := g.Prompt.check(); err != nil {
		return fmt.Errorf("the open prompt: %w", err)
	}
	if g.UndoAsk != nil {
		if err := g.UndoAsk.Saved.check(); err != nil {
			return fmt.Errorf("the prompt under the undo question: %w", err)
		}
	}
	if len(g.Queue) > maxQueue {
		return fmt.Errorf("%d queued steps", len(g.Queue))
	}
	for _, t := range g.Queue {
		if !taskKinds[t.Kind] {
			return fmt.Errorf("unknown queued step %q", t.Kind)
		}
		if t.Attack != nil {
			if err := t.Attack.check(); err != nil {
				return err
			}
		}
	}
	seen := map[string]bool{}
	for _, id := range g.unitIDs() {
		if seen[id] {
			return fmt.Errorf("two units named %s", id)
		}
		seen[id] = true
	}
	for _, p := range g.Pairs {
		if g.hero(p.Hero) == nil || g.enemy(p.Enemy) == nil {
			return fmt.Errorf("an engagement of %s with %s, one of which is not in the game", p.Hero, p.Enemy)
		}
	}
	if len(g.Orders) > maxOrders || len(g.Sites) > MaxUnits || g.NextQ < 0 {
		return fmt.Errorf("too many orders or sites")
	}
	return nil
}

// Bounds on the resolution's bookkeeping: far above a real enemy turn.
const (
	maxQueue  = 400
	maxOrders = 2000
)

var taskKinds = map[string]bool{taskGroup: true, taskNoise: true, taskNextPhase: true, taskEnemy: true, taskEnemyAtk: true,
	taskBoundary: true, taskEnemyAbility: true, taskEffect: true, taskArea: true}

func (g *state) unitIDs() []string {
	var ids []string
	for _, h := range g.Heroes {
		ids = append(ids, h.ID)
	}
	for _, e := range g.Enemies {
		ids = append(ids, e.AI.ID)
	}
	for _, n := range g.Neutrals {
		ids = append(ids, n.ID)
	}
	return ids
}

// check refuses a prompt that cannot come from play.
func (p *prompt) check() error {
	if p == nil {
		return nil
	}
	switch p.Kind {
	case PromptDice, PromptAssign:
		if p.Attack == nil {
			return fmt.Errorf("%s prompt without its attack", p.Kind)
		}
		if p.N < 0 || p.N > MaxDice {
			return fmt.Errorf("%d dice", p.N)
		}
		return p.Attack.check()
	case PromptQuestion:
		if len(p.Q.Lines) == 0 || len(p.Q.Lines) > 2*MaxUnits {
			return fmt.Errorf("a question of %d lines", len(p.Q.Lines))
		}
		if p.Attack != nil {
			return p.Attack.check()
		}
	case PromptOrders:
	default:
		return fmt.Errorf("unknown prompt %q", p.Kind)
	}
	return nil
}

func (at *attack) check() error {
	if len(at.Targets) == 0 || len(at.Targets) > MaxUnits {
		return fmt.Errorf("an attack with %d targets", len(at.Targets))
	}
	if len(at.Faces) > MaxDice || at.N < 0 || at.N > MaxDice || at.Hit < 0 || at.Hit > 6 {
		return fmt.Errorf("an attack of %d dice (%d faces)", at.N, len(at.Faces))
	}
	for _, f := range at.Faces {
		if f < 1 || f > 6 {
			return fmt.Errorf("a die showing %d", f)
		}
	}
	return nil
}

// cardAbility is a card's ability.
type cardAbility = card.Ability
