package ruunara

import (
	"fmt"
	"sort"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/ruunara/card"
	rn "github.com/commandconsole/commandconsole/npc/ruunara"
)

// Event types (SPEC.md §6.3). The events marked internal carry the
// resolution's bookkeeping (the open prompt, the queue, the fight sites) and
// make no line of history.
const (
	EvCardDefined    = "card-defined"
	EvUnitAdded      = "unit-added"
	EvUnitRemoved    = "unit-removed"
	EvHeroAssigned   = "hero-assigned"
	EvUnitSystemSet  = "unit-system-set"
	EvGameStarted    = "game-started"
	EvPhaseStarted   = "phase-started"
	EvTurnSkipped    = "turn-skipped"
	EvAbilityUsed    = "ability-used"
	EvEngaged        = "engaged"
	EvFled           = "fled"
	EvAttackRolled   = "attack-rolled"
	EvDiceAssigned   = "dice-assigned"
	EvRerolled       = "rerolled"
	EvCoverRolled    = "cover-rolled"
	EvDamageDealt    = "damage-dealt"
	EvHealed         = "healed"
	EvUnitKilled     = "unit-killed"
	EvHeroExecuted   = "hero-executed"
	EvHeroCaptured   = "hero-captured"
	EvHeroFreed      = "hero-freed"
	EvQuestionAsked  = "question-asked"
	EvQuestionAnswer = "question-answered"
	EvOrdersIssued   = "orders-issued"
	EvOrdersDone     = "orders-done"
	EvModesChanged   = "enemy-mode-changed"
	EvFightEnded     = "fight-ended"
	EvCountTicked    = "count-ticked"
	EvRoundEnded     = "round-ended"
	EvGameEnded      = "game-ended"
	EvAdjusted       = "adjusted"
	EvWarned         = "warned"
	EvActivity       = "activity" // internal: fights, attacks made, sites
	EvPrompt         = "prompt"   // internal: the open prompt
	EvQueue          = "queue"    // internal: the work behind it
	EvSites          = "sites"    // internal: the fight sites
)

// Payloads.
type (
	// CardDefined is a card added or changed in the game's roster.
	CardDefined struct {
		Card card.Card `msgpack:"card"`
	}
	// UnitAdded is a hero, enemy or neutral put on the table.
	UnitAdded struct {
		Kind string `msgpack:"kind"` // hero, enemy, neutral
		ID   string `msgpack:"id"`
		Card string `msgpack:"card"`
		Name string `msgpack:"name"`
		Seat int    `msgpack:"seat"`
		HP   int    `msgpack:"hp"`
	}
	// UnitRemoved takes a unit out during set-up.
	UnitRemoved struct {
		ID string `msgpack:"id"`
	}
	// HeroAssigned gives a hero to a seat.
	HeroAssigned struct {
		Hero string `msgpack:"hero"`
		Seat int    `msgpack:"seat"`
	}
	// UnitSystemSet is a seat's distance unit.
	UnitSystemSet struct {
		Seat int    `msgpack:"seat"`
		Unit string `msgpack:"unit"`
	}
	// PhaseStarted moves the clock.
	PhaseStarted struct {
		Round int    `msgpack:"round"`
		Side  int    `msgpack:"side"`
		Phase string `msgpack:"phase"`
	}
	// TurnSkipped is a seat with no free hero (RU-D6).
	TurnSkipped struct {
		Round int `msgpack:"round"`
		Seat  int `msgpack:"seat"`
	}
	// AbilityUsed spends a use (RU-D12).
	AbilityUsed struct {
		Unit    string   `msgpack:"unit"`
		Ability string   `msgpack:"ability"`
		Name    string   `msgpack:"name"`
		Targets []string `msgpack:"targets"`
		Left    int      `msgpack:"left"`
		Limited bool     `msgpack:"limited"`
		Round   int      `msgpack:"round"`
		Text    string   `msgpack:"text"`
		Fight   bool     `msgpack:"fight"` // a fight ability: the unit's fight starts (RU-D11)
	}
	// Engaged records engagements (RU-D54).
	Engaged struct {
		Hero    string   `msgpack:"hero"`
		Enemies []string `msgpack:"enemies"`
		By      string   `msgpack:"by"` // hero (its move) or enemy (contact)
	}
	// Fled ends a hero's engagements (RU-D42).
	Fled struct {
		Hero    string `msgpack:"hero"`
		Ability string `msgpack:"ability"`
	}
	// AttackRolled is the dice of an attack, a trigger or an effect.
	AttackRolled struct {
		Attacker  string   `msgpack:"attacker"`
		What      string   `msgpack:"what"` // the prompt's purpose
		Targets   []string `msgpack:"targets"`
		N         int      `msgpack:"n"`
		Hit       int      `msgpack:"hit"`
		Faces     []int    `msgpack:"faces"`
		Successes int      `msgpack:"successes"`
		By        string   `msgpack:"by"` // "app" or the seat that entered them
	}
	// DiceAssigned gives close combat dice to targets (RU-D20).
	DiceAssigned struct {
		Attacker string      `msgpack:"attacker"`
		Dice     []dieTarget `msgpack:"dice"`
	}
	// Rerolled is a card-granted re-roll of one die (RU-D4).
	Rerolled struct {
		Die     int    `msgpack:"die"`
		Before  int    `msgpack:"before"`
		After   int    `msgpack:"after"`
		Ability string `msgpack:"ability"`
		Unit    string `msgpack:"unit"`
	}
	// CoverRolled is the cover dice of a target (RU-D22).
	CoverRolled struct {
		Target    string `msgpack:"target"`
		Faces     []int  `msgpack:"faces"`
		Cancelled int    `msgpack:"cancelled"`
		By        string `msgpack:"by"`
	}
	// DamageDealt lowers hit points.
	DamageDealt struct {
		Target string `msgpack:"target"`
		Amount int    `msgpack:"amount"`
		HP     int    `msgpack:"hp"`
		Source string `msgpack:"source"`
	}
	// Healed raises a hero's hit points.
	Healed struct {
		Target string `msgpack:"target"`
		HP     int    `msgpack:"hp"`
	}
	// UnitKilled removes an enemy or a neutral (RU-D23).
	UnitKilled struct {
		Unit    string `msgpack:"unit"`
		Instant bool   `msgpack:"instant"`
		By      string `msgpack:"by"`
		Why     string `msgpack:"why"`
	}
	// StatusExecuted removes a hero permanently (RU-F54, RU-F58).
	HeroExecuted struct {
		Hero  string `msgpack:"hero"`
		Cause string `msgpack:"cause"` // melee, captivity
		Round int    `msgpack:"round"`
	}
	// StatusCaptured makes a hero a captive (RU-D25, RU-F63).
	HeroCaptured struct {
		Hero    string   `msgpack:"hero"`
		Cause   string   `msgpack:"cause"` // melee, ranged
		Round   int      `msgpack:"round"`
		Captors []string `msgpack:"captors"`
	}
	// HeroFreed frees a captive (RU-D27, RU-D28).
	HeroFreed struct {
		Hero string `msgpack:"hero"`
		HP   int    `msgpack:"hp"`
	}
	// QuestionAsked opens a question (RU-D62).
	QuestionAsked struct {
		ID   string      `msgpack:"id"`
		Kind string      `msgpack:"kind"`
		Q    rn.Question `msgpack:"q"`
		Seat int         `msgpack:"seat"` // addressed seat; −1 for either
	}
	// QuestionAnswered closes it.
	QuestionAnswered struct {
		ID   string      `msgpack:"id"`
		Seat int         `msgpack:"seat"`
		Q    rn.Question `msgpack:"q"` // with the answers
		Slot string      `msgpack:"slot,omitempty"`
	}
	// OrdersIssued are enemy orders (stored as templates and ticks).
	OrdersIssued struct {
		Orders []rn.Order `msgpack:"orders"`
	}
	// ModesChanged is the enemies' new AI states.
	ModesChanged struct {
		Enemies []rn.Enemy `msgpack:"enemies"`
	}
	// FightEnded ends a unit's fight and refills its fight abilities.
	FightEnded struct {
		Unit string `msgpack:"unit"`
	}
	// CountTicked is a hero's engaged-turn count at a boundary (RU-D25).
	CountTicked struct {
		Hero  string `msgpack:"hero"`
		Count int    `msgpack:"count"`
	}
	// RoundEnded is the round boundary (§4.6).
	RoundEnded struct {
		Round int `msgpack:"round"`
	}
	// GameEnded is the end (RU-D50).
	GameEnded struct {
		Result string `msgpack:"result"`
		Reason string `msgpack:"reason"`
		Round  int    `msgpack:"round"`
	}
	// Warned is a timer that runs out in the next round: the warning one
	// turn ahead.
	Warned struct {
		Hero string `msgpack:"hero"`
		Text string `msgpack:"text"`
	}
	// Adjusted is a table correction (RU-D57).
	Adjusted struct {
		Unit   string `msgpack:"unit"`
		Field  string `msgpack:"field"`
		Before string `msgpack:"before"`
		After  string `msgpack:"after"`
		// Hero/enemy data after the change.
		Hero  *hero     `msgpack:"hero,omitempty"`
		Enemy *enemy    `msgpack:"enemy,omitempty"`
		Pairs []rn.Pair `msgpack:"pairs,omitempty"`
		// Neutral: NeutralHP is a neutral's new hit points.
		Neutral   bool `msgpack:"neutral,omitempty"`
		NeutralHP int  `msgpack:"neutral_hp,omitempty"`
		SetPairs  bool `msgpack:"set_pairs,omitempty"`
	}
	// Activity records what keeps fights going and one attack per turn.
	Activity struct {
		Units    []string `msgpack:"units"`    // active in a fight this round
		Attacker string   `msgpack:"attacker"` // a hero that made its attack this turn
		Shooter  string   `msgpack:"shooter"`  // a hero that attacked an enemy this round (RU-D36)
		Round    int      `msgpack:"round"`
		Sites    []string `msgpack:"sites"` // attacked in this phase
	}
	// PromptSet is the open prompt (nil: none).
	PromptSet struct {
		Prompt *prompt `msgpack:"prompt"`
	}
	// QueueSet is the queued work.
	QueueSet struct {
		Queue []task `msgpack:"queue"`
	}
	// SitesSet is the fight sites.
	SitesSet struct {
		Sites []rn.Site `msgpack:"sites"`
	}
)

// Apply folds one event into the state.
func (r *Rules) Apply(s console.State, e console.Event) (console.State, error) {
	g, err := asState(s)
	if err != nil {
		return nil, err
	}
	if err := g.apply(e); err != nil {
		return nil, fmt.Errorf("ruunara: apply %s #%d: %w", e.Type, e.Seq, err)
	}
	return g, nil
}

func (g *state) apply(e console.Event) error {
	g.markCommand(e)
	g.note(e)
	g.headline(e)
	dec := func(v any) error { return console.Decode(e.Data, v) }
	switch e.Type {
	case EvUndoRequested, EvUndoAnswered, EvUndoWithdrawn:
		return g.applyUndo(e)
	case EvCardDefined:
		var p CardDefined
		if err := dec(&p); err != nil {
			return err
		}
		for i := range g.Cards {
			if g.Cards[i].ID == p.Card.ID {
				g.Cards[i] = p.Card
				return nil
			}
		}
		if len(g.Cards) >= MaxCards {
			return fmt.Errorf("more than %d cards", MaxCards)
		}
		g.Cards = append(g.Cards, p.Card)
		sort.Slice(g.Cards, func(i, j int) bool { return g.Cards[i].ID < g.Cards[j].ID })
	case EvUnitAdded:
		var p UnitAdded
		if err := dec(&p); err != nil {
			return err
		}
		if _, ok := g.card(p.Card); !ok {
			return fmt.Errorf("unknown card %q", p.Card)
		}
		switch p.Kind {
		case "hero":
			if p.Seat < 0 || p.Seat >= len(g.Seats) || len(g.Heroes) >= MaxUnits {
				return fmt.Errorf("hero %s does not fit", p.ID)
			}
			g.Heroes = append(g.Heroes, &hero{ID: p.ID, Card: p.Card, Name: p.Name, Seat: p.Seat, HP: p.HP, Status: StatusFree})
		case "enemy":
			if len(g.Enemies) >= MaxUnits {
				return fmt.Errorf("more than %d enemies", MaxUnits)
			}
			g.Enemies = append(g.Enemies, &enemy{AI: rn.Enemy{ID: p.ID, Card: p.Card, Mode: rn.Posted}, Name: p.Name, HP: p.HP})
		case "neutral":
			if len(g.Neutrals) >= MaxUnits {
				return fmt.Errorf("more than %d neutrals", MaxUnits)
			}
			g.Neutrals = append(g.Neutrals, &neutral{ID: p.ID, Card: p.Card, Name: p.Name, HP: p.HP})
		default:
			return fmt.Errorf("unknown unit kind %q", p.Kind)
		}
	case EvUnitRemoved:
		var p UnitRemoved
		if err := dec(&p); err != nil {
			return err
		}
		g.removeUnit(p.ID)
	case EvHeroAssigned:
		var p HeroAssigned
		if err := dec(&p); err != nil {
			return err
		}
		h := g.hero(p.Hero)
		if h == nil || p.Seat < 0 || p.Seat >= len(g.Seats) {
			return fmt.Errorf("cannot give %s to seat %d", p.Hero, p.Seat)
		}
		h.Seat = p.Seat
	case EvUnitSystemSet:
		var p UnitSystemSet
		if err := dec(&p); err != nil {
			return err
		}
		if p.Seat < 0 || p.Seat >= len(g.Units) {
			return fmt.Errorf("seat %d out of range", p.Seat)
		}
		g.Units[p.Seat] = p.Unit
	case EvGameStarted:
		g.Stage, g.Round, g.Side, g.Phase = StagePlay, 1, 0, PhaseTactical
	case EvPhaseStarted:
		var p PhaseStarted
		if err := dec(&p); err != nil {
			return err
		}
		if p.Side < 0 || p.Side > len(g.Seats) || p.Round < 1 || p.Round > MaxRounds+1 {
			return fmt.Errorf("phase of side %d, round %d", p.Side, p.Round)
		}
		if p.Side != g.Side || p.Round != g.Round {
			for _, h := range g.Heroes {
				h.Attacked = false
			}
			if g.Unacked == 0 {
				g.Orders = nil
			}
		}
		g.Round, g.Side, g.Phase = p.Round, p.Side, p.Phase
		g.PhaseSites = nil
	case EvTurnSkipped:
	case EvAbilityUsed:
		var p AbilityUsed
		if err := dec(&p); err != nil {
			return err
		}
		if p.Limited {
			if list := g.usesList(p.Unit); list != nil {
				u := usesOf(list, p.Ability, 0)
				u.Left, u.Round = p.Left, p.Round
			}
		}
		if p.Fight {
			g.activate(p.Unit)
		}
	case EvEngaged:
		var p Engaged
		if err := dec(&p); err != nil {
			return err
		}
		for _, en := range p.Enemies {
			if !g.engaged(p.Hero, en) {
				g.Pairs = append(g.Pairs, rn.Pair{Hero: p.Hero, Enemy: en})
			}
			g.activate(en)
		}
		g.activate(p.Hero)
	case EvFled:
		var p Fled
		if err := dec(&p); err != nil {
			return err
		}
		g.dropPairs(func(pr rn.Pair) bool { return pr.Hero == p.Hero })
		if h := g.hero(p.Hero); h != nil {
			h.Count = 0
		}
	case EvAttackRolled, EvDiceAssigned, EvRerolled, EvCoverRolled:
	case EvDamageDealt:
		var p DamageDealt
		if err := dec(&p); err != nil {
			return err
		}
		g.setHP(p.Target, p.HP)
	case EvHealed:
		var p Healed
		if err := dec(&p); err != nil {
			return err
		}
		g.setHP(p.Target, p.HP)
	case EvUnitKilled:
		var p UnitKilled
		if err := dec(&p); err != nil {
			return err
		}
		if en := g.enemy(p.Unit); en != nil {
			en.HP, en.AI.Mode, en.Body = 0, rn.Dead, p.Instant
			g.dropPairs(func(pr rn.Pair) bool { return pr.Enemy == en.AI.ID })
		} else if n := g.neutral(p.Unit); n != nil {
			n.HP, n.Dead = 0, true
		} else {
			return fmt.Errorf("no unit %s to kill", p.Unit)
		}
	case EvHeroExecuted:
		var p HeroExecuted
		if err := dec(&p); err != nil {
			return err
		}
		h := g.hero(p.Hero)
		if h == nil {
			return fmt.Errorf("no hero %s", p.Hero)
		}
		h.Status, h.Cause, h.GoneRound, h.HP, h.Count = StatusExecuted, p.Cause, p.Round, 0, 0
		g.dropPairs(func(pr rn.Pair) bool { return pr.Hero == h.ID })
	case EvHeroCaptured:
		var p HeroCaptured
		if err := dec(&p); err != nil {
			return err
		}
		h := g.hero(p.Hero)
		if h == nil {
			return fmt.Errorf("no hero %s", p.Hero)
		}
		h.Status, h.Cause, h.CapturedRound, h.Captors, h.Count = StatusCaptured, p.Cause, p.Round, p.Captors, 0
		g.dropPairs(func(pr rn.Pair) bool { return pr.Hero == h.ID })
	case EvHeroFreed:
		var p HeroFreed
		if err := dec(&p); err != nil {
			return err
		}
		h := g.hero(p.Hero)
		if h == nil {
			return fmt.Errorf("no hero %s", p.Hero)
		}
		h.Status, h.HP, h.Captors, h.CapturedRound, h.Cause, h.Count = StatusFree, p.HP, nil, 0, "", 0
	case EvQuestionAsked:
		var p QuestionAsked
		if err := dec(&p); err != nil {
			return err
		}
		g.NextQ++
		g.Unacked = 0
	case EvWarned:
	case EvQuestionAnswer:
		var p QuestionAnswered
		if err := dec(&p); err != nil {
			return err
		}
		switch p.Slot {
		case slotSight:
			g.Turn.Sight = p.Q
		case slotInRange:
			g.Turn.InRange = p.Q
		case slotResults:
			g.Turn.Results = p.Q
		case slotNearest:
			g.Turn.Nearest = p.Q
		case slotResults2:
			g.Turn.Results2 = p.Q
		}
	case EvOrdersDone:
		g.Unacked = 0
		if !g.enemyTurnNow() {
			g.Orders = nil // carried out; the enemy turn keeps its order cards to the end
		}
	case EvOrdersIssued:
		var p OrdersIssued
		if err := dec(&p); err != nil {
			return err
		}
		g.Orders = append(g.Orders, p.Orders...)
		g.Unacked += len(p.Orders)
	case EvModesChanged:
		var p ModesChanged
		if err := dec(&p); err != nil {
			return err
		}
		for _, ne := range p.Enemies {
			en := g.enemy(ne.ID)
			if en == nil {
				return fmt.Errorf("no enemy %s", ne.ID)
			}
			en.AI = ne
		}
	case EvFightEnded:
		var p FightEnded
		if err := dec(&p); err != nil {
			return err
		}
		g.endFight(p.Unit)
	case EvCountTicked:
		var p CountTicked
		if err := dec(&p); err != nil {
			return err
		}
		if h := g.hero(p.Hero); h != nil {
			h.Count = p.Count
		}
	case EvRoundEnded:
		var p RoundEnded
		if err := dec(&p); err != nil {
			return err
		}
		g.roundEnded(p.Round)
	case EvGameEnded:
		var p GameEnded
		if err := dec(&p); err != nil {
			return err
		}
		g.Stage, g.Result, g.Reason, g.EndRound = StageOver, p.Result, p.Reason, p.Round
		g.Prompt, g.Queue = nil, nil
	case EvAdjusted:
		var p Adjusted
		if err := dec(&p); err != nil {
			return err
		}
		if p.Hero != nil {
			for i, h := range g.Heroes {
				if h.ID == p.Hero.ID {
					g.Heroes[i] = p.Hero
				}
			}
		}
		if p.Enemy != nil {
			for i, en := range g.Enemies {
				if en.AI.ID == p.Enemy.AI.ID {
					g.Enemies[i] = p.Enemy
				}
			}
		}
		if p.SetPairs {
			g.Pairs = p.Pairs
		}
		if p.Neutral {
			if n := g.neutral(p.Unit); n != nil {
				n.HP = p.NeutralHP
			}
		}
	case EvActivity:
		var p Activity
		if err := dec(&p); err != nil {
			return err
		}
		for _, u := range p.Units {
			g.activate(u)
		}
		if h := g.hero(p.Attacker); h != nil {
			h.Attacked = true
		}
		if h := g.hero(p.Shooter); h != nil {
			h.AttackRound = p.Round
		}
		for _, s := range p.Sites {
			if !contains(g.PhaseSites, s) {
				g.PhaseSites = append(g.PhaseSites, s)
			}
		}
	case EvPrompt:
		var p PromptSet
		if err := dec(&p); err != nil {
			return err
		}
		g.Prompt = p.Prompt
		if p.Prompt != nil && p.Prompt.Kind != PromptOrders {
			g.Unacked = 0 // the prompt shows the orders given so far
		}
	case EvQueue:
		var p QueueSet
		if err := dec(&p); err != nil {
			return err
		}
		g.Queue = p.Queue
	case EvSites:
		var p SitesSet
		if err := dec(&p); err != nil {
			return err
		}
		g.Sites = p.Sites
	default:
		return fmt.Errorf("unknown event type %q", e.Type)
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (g *state) usesList(unit string) *[]use {
	if h := g.hero(unit); h != nil {
		return &h.Uses
	}
	if en := g.enemy(unit); en != nil {
		return &en.Uses
	}
	return nil
}

func (g *state) fightOf(unit string) *fight {
	if h := g.hero(unit); h != nil {
		return &h.Fight
	}
	if en := g.enemy(unit); en != nil {
		return &en.Fight
	}
	return nil
}

// activate starts a unit's fight, or keeps it going this round (RU-D11).
func (g *state) activate(unit string) {
	if f := g.fightOf(unit); f != nil {
		f.In, f.Active = true, true
	}
}

// endFight ends a unit's fight and refills its fight abilities (RU-D11).
func (g *state) endFight(unit string) {
	f := g.fightOf(unit)
	if f == nil {
		return
	}
	f.In, f.Active = false, false
	var c card.Card
	if h := g.hero(unit); h != nil {
		c = g.heroCard(h)
	} else if en := g.enemy(unit); en != nil {
		c = g.enemyCard(en)
	}
	list := g.usesList(unit)
	for _, a := range c.Abilities {
		if a.Cycle.Per == "fight" {
			usesOf(list, a.ID, 0).Left = a.Cycle.Uses
		}
	}
}

// roundEnded refills per-turn abilities and clears the round's marks
// (§4.6 step 6).
func (g *state) roundEnded(r int) {
	for _, h := range g.Heroes {
		h.Fight.Active = false
		c := g.heroCard(h)
		for _, a := range c.Abilities {
			if a.Cycle.Per == "turn" {
				usesOf(&h.Uses, a.ID, 0).Left = a.Cycle.Uses
			}
		}
	}
	for _, en := range g.Enemies {
		en.Fight.Active = false
		c := g.enemyCard(en)
		for _, a := range c.Abilities {
			if a.Cycle.Per == "turn" {
				usesOf(&en.Uses, a.ID, 0).Left = a.Cycle.Uses
			}
		}
	}
	g.Turn = enemyTurn{}
	// a unit still engaged is engaged in the round that begins (RU-D11)
	for _, p := range g.Pairs {
		g.activate(p.Hero)
		g.activate(p.Enemy)
	}
}

func (g *state) setHP(unit string, hp int) {
	if h := g.hero(unit); h != nil {
		h.HP = hp
	} else if en := g.enemy(unit); en != nil {
		en.HP = hp
	} else if n := g.neutral(unit); n != nil {
		n.HP = hp
	}
}

func (g *state) dropPairs(drop func(rn.Pair) bool) {
	kept := g.Pairs[:0]
	for _, p := range g.Pairs {
		if !drop(p) {
			kept = append(kept, p)
		}
	}
	g.Pairs = kept
}

func (g *state) removeUnit(id string) {
	for i, h := range g.Heroes {
		if h.ID == id {
			g.Heroes = append(g.Heroes[:i], g.Heroes[i+1:]...)
			return
		}
	}
	for i, en := range g.Enemies {
		if en.AI.ID == id {
			g.Enemies = append(g.Enemies[:i], g.Enemies[i+1:]...)
			return
		}
	}
	for i, n := range g.Neutrals {
		if n.ID == id {
			g.Neutrals = append(g.Neutrals[:i], g.Neutrals[i+1:]...)
			return
		}
	}
}

// note keeps what the enemy turn does to the heroes, for the summary at
// its end (SPEC.md §6.5).
func (g *state) note(e console.Event) {
	if e.Type == EvPhaseStarted {
		var p PhaseStarted
		if console.Decode(e.Data, &p) == nil && p.Side >= len(g.Seats) && p.Phase == PhaseTactical {
			g.TurnNotes = nil
		}
		return
	}
	if !g.enemyTurnNow() {
		return
	}
	add := func(s string) {
		if len(g.TurnNotes) < 50 {
			g.TurnNotes = append(g.TurnNotes, s)
		}
	}
	switch e.Type {
	case EvEngaged:
		var p Engaged
		if console.Decode(e.Data, &p) == nil && p.By == "enemy" {
			add(fmt.Sprintf("%s engaged %s", strings.Join(p.Enemies, ", "), g.name(p.Hero)))
		}
	case EvDamageDealt:
		var p DamageDealt
		if console.Decode(e.Data, &p) == nil && g.hero(p.Target) != nil {
			add(fmt.Sprintf("%s −%d HP (%d left)", g.name(p.Target), p.Amount, p.HP))
		}
	case EvHeroCaptured:
		var p HeroCaptured
		if console.Decode(e.Data, &p) == nil {
			add(fmt.Sprintf("%s captured by %s", g.name(p.Hero), strings.Join(p.Captors, ", ")))
		}
	case EvHeroExecuted:
		var p HeroExecuted
		if console.Decode(e.Data, &p) == nil {
			add(fmt.Sprintf("%s executed", g.name(p.Hero)))
		}
	case EvUnitKilled:
		var p UnitKilled
		if console.Decode(e.Data, &p) == nil {
			add(fmt.Sprintf("%s killed", g.name(p.Unit)))
		}
	}
}
