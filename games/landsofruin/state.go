package landsofruin

import (
	"fmt"
	"sort"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin/content"
	"github.com/commandconsole/commandconsole/games/landsofruin/rules"
	"github.com/commandconsole/commandconsole/npc"
)

// state is the whole game. Only the host holds it; seats get Views.
type state struct {
	Scenario string `msgpack:"scenario"`
	Map      string `msgpack:"map"`
	Advanced bool   `msgpack:"advanced,omitempty"`
	Phase    string `msgpack:"phase"`
	// Turn is the game turn, from 1 once the battle begins.
	Turn int `msgpack:"turn"`
	// Order is the turn order as player indexes; Current indexes Order.
	Order   []int `msgpack:"order"`
	Current int   `msgpack:"current"`
	// OrderDrawn is true when the order was drawn among equal priorities.
	OrderDrawn bool        `msgpack:"order_drawn,omitempty"`
	Players    []player    `msgpack:"players"`
	Chars      []character `msgpack:"chars"`
	Attack     *attack     `msgpack:"attack,omitempty"`
	// EndProposedBy is the player index that proposed the end, -1 none
	// (stored +1 so the zero value means none).
	EndProposedBy int `msgpack:"end_proposed_by,omitempty"`
	// Env are the Environment attacks entered this Environment phase.
	Env []envEntry `msgpack:"env,omitempty"`
	// Plan is the Rotter AI's plan for this Environment phase; ReusePlan a
	// plan whose phase change was undone, re-used when it comes again.
	Plan      *EnvironmentPlan `msgpack:"plan,omitempty"`
	ReusePlan *EnvironmentPlan `msgpack:"reuse_plan,omitempty"`
	// Mark is the state just before the last phase change that may be
	// undone by consent (undo.go), as recorded by the phase-ended event
	// (Marked, encoded) or, for events recorded before the event carried
	// it, copied by Apply (Mark); UndoBy the player asking, +1.
	Mark   *state `msgpack:"mark,omitempty"`
	UndoBy int    `msgpack:"undo_by,omitempty"`
	Marked []byte `msgpack:"marked,omitempty"`
	// Throwables are the grenades, executed slaves and artillery strikes
	// on the table; NextThrowable the last number given.
	Throwables    []throwable `msgpack:"throwables,omitempty"`
	NextThrowable int         `msgpack:"next_throwable,omitempty"`
	// Units is the unit distances are shown and entered in (UnitsInches
	// or UnitsCM); the rules keep tenths of an inch.
	Units string `msgpack:"units,omitempty"`
	// World is the Rotter living world (world.go), kept encoded (an
	// npc.World in console.Encode form: the state is encoded at every
	// command, the world changes a few times a turn): hidden
	// information, never in a view. Deployment is the public pre-game
	// deployment; EnvPhases the Environment phases the world has played.
	// RottersArrived counts the Rotters that entered the table (spawns
	// and woken lurkers; the pre-game ones are in Deployment).
	World      []byte          `msgpack:"world,omitempty"`
	Deployment *npc.Deployment `msgpack:"deployment,omitempty"`
	EnvPhases  int             `msgpack:"env_phases,omitempty"`
	// Noise are the noise changes made since the world was last stored,
	// in order; they are folded into the world when the next
	// Environment phase is planned (world.go).
	Noise          []noiseOp `msgpack:"noise,omitempty"`
	RottersArrived int       `msgpack:"rotters_arrived,omitempty"`
	// LastCmd is the id of the last command (undo votes aside), LastBy
	// its player and LastOpen whether it may be taken back by consent;
	// TakeBack is the command every player agreed to take back, which the
	// Session removes (undoconsent.go); UndoCommand: the open undo
	// request is for the last command, not a phase change.
	LastCmd  string `msgpack:"last_cmd,omitempty"`
	LastBy   int    `msgpack:"last_by,omitempty"`
	LastOpen bool   `msgpack:"last_open,omitempty"`
	TakeBack string `msgpack:"take_back,omitempty"`
	// LastFirst is the first event of the last command (its type and
	// payload), so a request to take it back can say what it takes back
	// (View.UndoWhat).
	LastFirst *firstEvent `msgpack:"last_first,omitempty"`
	// News are the headlines of the last command others could see
	// (View.News), NewsCmd that command's id (news.go).
	News        []newsItem `msgpack:"news,omitempty"`
	NewsCmd     string     `msgpack:"news_cmd,omitempty"`
	UndoCommand bool       `msgpack:"undo_command,omitempty"`
}

// player is one seat's part of the game.
type player struct {
	Seat   string `msgpack:"seat"`
	Number int    `msgpack:"number"`
	Role   string `msgpack:"role,omitempty"`
	Side   string `msgpack:"side,omitempty"`
	Team   string `msgpack:"team,omitempty"`
	// TeamName and GearValue are the chosen team's.
	TeamName  string `msgpack:"team_name,omitempty"`
	GearValue int    `msgpack:"gear_value,omitempty"`
	// Custom is the player's own team, when they chose one (team-json);
	// its characters are seen by no other seat.
	Custom *CustomTeam `msgpack:"custom,omitempty"`
	Ready  bool        `msgpack:"ready,omitempty"`
	// ActionPhases counts the player's Action phases begun.
	ActionPhases int `msgpack:"action_phases,omitempty"`
	// Morale: the pool, the state (rules.MoraleState) and this turn's tallies.
	Pool     int `msgpack:"pool"`
	Morale   int `msgpack:"morale"`
	Positive int `msgpack:"positive,omitempty"`
	Negative int `msgpack:"negative,omitempty"`
	// Leader and Second are character ids (gold and silver star).
	Leader     string      `msgpack:"leader,omitempty"`
	Second     string      `msgpack:"second,omitempty"`
	EndAgreed  bool        `msgpack:"end_agreed,omitempty"`
	Objectives []objective `msgpack:"objectives,omitempty"`
	// Detected lists the ids of enemy hidden characters this player has
	// detected (never shown as ids: the view gives their sections).
	Detected []string `msgpack:"detected,omitempty"`
	// UndoApproved: approved the open phase-undo request.
	UndoApproved bool `msgpack:"undo_approved,omitempty"`
	// RottersKilled counts the Rotters the team's attacks killed.
	RottersKilled int `msgpack:"rotters_killed,omitempty"`
}

// objective is an objective a player marked as achieved.
type objective struct {
	ID    string `msgpack:"id"`
	Count int    `msgpack:"count"`
}

// effect is an active effect and the game turn it was added in.
type effect struct {
	ID    string `msgpack:"id"`
	Since int    `msgpack:"since"`
}

// modifier is a wound or shock modifier received in game turn From.
type modifier struct {
	Attack  int `msgpack:"attack"`
	Defence int `msgpack:"defence"`
	Turns   int `msgpack:"turns"`
	From    int `msgpack:"from"`
}

// assigned is an action assigned in the Command phase.
type assigned struct {
	Action    string `msgpack:"action"`
	Performed bool   `msgpack:"performed,omitempty"`
}

// ammo is the rounds left for one weapon.
type ammo struct {
	Weapon string `msgpack:"weapon"`
	Rounds int    `msgpack:"rounds"`
}

// hit is an unresolved hit on a character.
type hit struct {
	Kind  string `msgpack:"kind"` // rules.AttackKind
	Power int    `msgpack:"power"`
	By    string `msgpack:"by,omitempty"`
	Band  int    `msgpack:"band"`
}

// result is a resolved hit as the owner and as everyone else know it.
type result struct {
	Turn    int    `msgpack:"turn" json:"turn"`
	Roll    int    `msgpack:"roll" json:"roll"`
	Power   int    `msgpack:"power" json:"power"`
	Total   int    `msgpack:"total" json:"total"`
	Public  string `msgpack:"public" json:"public"`
	Private string `msgpack:"private" json:"private"`
	Detail  string `msgpack:"detail" json:"detail"`
}

// character is one model on the table (a hero, or one member of a cohort).
type character struct {
	ID    string `msgpack:"id"`
	Base  string `msgpack:"base"`
	Name  string `msgpack:"name"`
	Owner int    `msgpack:"owner"`
	Kind  string `msgpack:"kind"`
	Hero  string `msgpack:"hero,omitempty"`
	Type  string `msgpack:"type"`
	// Section is where it stands; "" while it has not entered the table.
	Section string `msgpack:"section,omitempty"`
	// Infiltrator: may be placed hidden in the pre-game.
	Infiltrator bool       `msgpack:"infiltrator,omitempty"`
	Effects     []effect   `msgpack:"effects"`
	Modifiers   []modifier `msgpack:"modifiers"`
	Skills      []string   `msgpack:"skills"`
	Gear        []string   `msgpack:"gear"`
	Ammo        []ammo     `msgpack:"ammo"`
	Carried     int        `msgpack:"carried"`
	Leadership  int        `msgpack:"leadership"`
	Camouflage  int        `msgpack:"camouflage"`
	Detection   int        `msgpack:"detection"`
	BaseAP      int        `msgpack:"base_ap"`
	// Actions are the actions its skills enable.
	Actions  []string   `msgpack:"actions"`
	Assigned []assigned `msgpack:"assigned"`
	// MoveAP are the action points that become movement this Action
	// phase; Pool the unspent-AP defence pool.
	MoveAP      int      `msgpack:"move_ap"`
	Pool        int      `msgpack:"pool"`
	Suppression int      `msgpack:"suppression"`
	Hits        []hit    `msgpack:"hits"`
	Used        []string `msgpack:"used,omitempty"`
	Results     []result `msgpack:"results"`
	// Abilities: weapon → the action that fires it (Dorian's bazooka).
	WeaponActions map[string]string `msgpack:"weapon_actions,omitempty"`
	// Difficult: its movement path went over an obstacle or through
	// difficult terrain this turn, so its movement is halved until the
	// owner's next Action phase (rules.DifficultTerrain).
	Difficult bool `msgpack:"difficult,omitempty"`
}

// attack is a declared attack waiting for its dice.
type attack struct {
	Attacker string         `msgpack:"attacker"`
	Action   string         `msgpack:"action"`
	Weapon   string         `msgpack:"weapon"`
	Mode     string         `msgpack:"mode"`
	Kind     string         `msgpack:"kind"`
	Band     int            `msgpack:"band"`
	Aim      bool           `msgpack:"aim,omitempty"`
	Targets  []attackTarget `msgpack:"targets"`
}

// attackTarget is one entry of an attack: a target and its d20 score.
type attackTarget struct {
	Target string `msgpack:"target"`
	Cover  int    `msgpack:"cover"`
	Need   int    `msgpack:"need"`
}

func (g *state) scenario() *rules.Scenario { return data().rd.Scenario(g.Scenario) }

func (g *state) gameMap() *content.Map {
	m, _ := data().cont.Map(g.Map)
	return m
}

func (g *state) seat(i int) console.Seat {
	if i < 0 || i >= len(g.Players) {
		return ""
	}
	return console.Seat(g.Players[i].Seat)
}

func (g *state) seats() []console.Seat {
	out := make([]console.Seat, len(g.Players))
	for i := range g.Players {
		out[i] = console.Seat(g.Players[i].Seat)
	}
	return out
}

// playerOf returns the player index of a seat, or -1.
func (g *state) playerOf(seat console.Seat) int {
	for i := range g.Players {
		if g.Players[i].Seat == string(seat) {
			return i
		}
	}
	return -1
}

// current is the player index whose turn it is, or -1 outside the battle.
func (g *state) current() int {
	if !g.battle() || g.Current < 0 || g.Current >= len(g.Order) {
		return -1
	}
	return g.Order[g.Current]
}

// panicked: the player's team has panicked (its morale pool is
// exhausted); the game is over for that player (rulebook "Panicked").
func (p *player) panicked() bool { return p.Morale == int(rules.Panicked) }

// standing counts the players whose team has not panicked.
func (g *state) standing() int {
	n := 0
	for i := range g.Players {
		if !g.Players[i].panicked() {
			n++
		}
	}
	return n
}

// panicRefusal is the refusal of any action to a panicked team.
const panicRefusal = "your team has panicked: it takes no more actions; withdraw your characters"

func (g *state) battle() bool {
	switch g.Phase {
	case PhaseAction, PhaseSync, PhaseCommand, PhaseEnvironment:
		return true
	}
	return false
}

func (g *state) char(id string) *character {
	for i := range g.Chars {
		if g.Chars[i].ID == id {
			return &g.Chars[i]
		}
	}
	return nil
}

// visibleTo reports whether seat index p (or -1: the public) may know the
// character exists.
func (c *character) visibleTo(p int) bool { return c.Owner == p || !c.hidden() }

// hidden: the character has the Hidden effect.
func (c *character) hidden() bool { return c.has("hidden") }

// findChar resolves a character reference among the characters ok accepts:
// the full id, or the short id (the content id, or with its member number)
// when only one matches.
func (g *state) findChar(ref string, ok func(*character) bool) *character {
	key := strings.ToLower(strings.TrimSpace(ref))
	var found *character
	n := 0
	for i := range g.Chars {
		c := &g.Chars[i]
		if !ok(c) {
			continue
		}
		if c.ID == key {
			return c
		}
		short := strings.TrimPrefix(c.ID, fmt.Sprintf("p%d-", c.Owner+1))
		if short == key || c.Base == key {
			found = c
			n++
		}
	}
	if n == 1 {
		return found
	}
	return nil
}

func (c *character) has(id string) bool {
	for _, e := range c.Effects {
		if e.ID == id {
			return true
		}
	}
	return false
}

func (c *character) effectPtrs() []*rules.Effect {
	var out []*rules.Effect
	for _, e := range c.Effects {
		if x := data().rd.Effect(e.ID); x != nil {
			out = append(out, x)
		}
	}
	return out
}

func (c *character) effectIDs() []string {
	out := make([]string, len(c.Effects))
	for i, e := range c.Effects {
		out[i] = e.ID
	}
	return out
}

// down: pinned, unconscious or dead.
func (c *character) down() bool {
	for _, e := range c.effectPtrs() {
		if e.Down {
			return true
		}
	}
	return false
}

func (c *character) dead() bool { return c.has("dead") }

// out: unconscious or dead (ignored for leadership).
func (c *character) out() bool { return c.dead() || c.has("unconscious") }

func (c *character) ctype() *rules.CharacterType { return data().rd.CharacterType(c.Type) }

// woundMods sums the active modifiers' attack and defence parts in turn now.
func (c *character) woundMods(now int) (att, def int) {
	for _, m := range c.Modifiers {
		if rules.ModifierActive(rules.WoundModifier{Attack: m.Attack, Defence: m.Defence, Turns: m.Turns}, m.From, now) {
			att += m.Attack
			def += m.Defence
		}
	}
	return att, def
}

// available is the action points the character has this turn (effects
// applied).
func (c *character) available() int { return rules.AvailableActionPoints(c.BaseAP, c.effectPtrs()) }

func (c *character) assignedCost() int {
	n := 0
	for _, a := range c.Assigned {
		if x := data().rd.Action(a.Action); x != nil {
			n += x.AP
		}
	}
	return n
}

// remaining is what is left to assign in the Command phase.
func (c *character) remaining() int { return rules.UnspentAP(c.available(), c.assignedCost()) }

func (c *character) suppression() int {
	ct := c.ctype()
	def := 0
	if ct != nil {
		def = ct.SuppressionDefence
	}
	if ck, ok := data().cont.CohortKind(c.Kind); ok && ck.ImmuneToSuppression {
		return 0
	}
	return rules.EffectiveSuppression(c.Suppression, def, c.effectPtrs())
}

// movement is the allowance in tenths of an inch from ap action points.
func (c *character) movement(ap int) int {
	ct := c.ctype()
	if ct == nil {
		return 0
	}
	return rules.MovementAllowance(rules.Movement{ActionPoints: ap, MovePerAPTenths: ct.MovePerAPTenths, Effects: c.effectPtrs(),
		CarriedGrams: c.Carried, MaxLoadGrams: ct.MaxLoadGrams, FreeLoadPercent: ct.FreeLoadPercent, Suppression: c.suppression()})
}

// defence against an attack kind, cover excluded.
func (c *character) defence(kind rules.AttackKind, now int) int {
	_, wd := c.woundMods(now)
	d, err := data().rd.Defence(rules.DefenceInput{Against: kind, Gear: c.Gear, Skills: c.Skills, Effects: c.effectIDs(),
		UnspentAP: c.Pool, Wounds: wd})
	if err != nil {
		return 0
	}
	return d
}

func (c *character) rounds(weapon string) int {
	for _, a := range c.Ammo {
		if a.Weapon == weapon {
			return a.Rounds
		}
	}
	return 0
}

func (c *character) assignedIndex(action string) int {
	for i, a := range c.Assigned {
		if a.Action == action {
			return i
		}
	}
	return -1
}

func (c *character) carries(id string) bool {
	for _, g := range c.Gear {
		if g == id {
			return true
		}
	}
	return false
}

func (c *character) canDo(action string) bool {
	for _, a := range c.Actions {
		if a == action {
			return true
		}
	}
	return false
}

func (c *character) usedCount(action string) int {
	n := 0
	for _, u := range c.Used {
		if u == action {
			n++
		}
	}
	return n
}

// phaseName is a phase in sentences: "the Command phase".
func phaseName(p string) string {
	switch p {
	case PhaseSetup:
		return "setup"
	case PhasePreGame:
		return "the pre-game"
	case PhaseObjectives:
		return "the objectives step"
	case PhaseOver:
		return "the end of the game"
	}
	if p == "" {
		return "?"
	}
	return "the " + strings.ToUpper(p[:1]) + p[1:] + " phase"
}

// nextPhase is the phase after p in a player's turn.
func nextPhase(p string) string {
	switch p {
	case PhaseAction:
		return PhaseSync
	case PhaseSync:
		return PhaseCommand
	case PhaseCommand:
		return PhaseEnvironment
	}
	return PhaseAction
}

// sortedUnique sorts and dedupes ids.
func sortedUnique(ids []string) []string {
	sort.Strings(ids)
	out := ids[:0]
	for i, s := range ids {
		if i == 0 || s != ids[i-1] {
			out = append(out, s)
		}
	}
	return out
}

// cohortAlive reports whether a hero has a living member of one of its
// cohorts on its side.
func (g *state) cohortAlive(c *character) bool {
	for i := range g.Chars {
		o := &g.Chars[i]
		if o.Owner == c.Owner && o.Hero == c.Base && !o.dead() {
			return true
		}
	}
	return false
}

// teamChars lists player p's characters.
func (g *state) teamChars(p int) []*character {
	var out []*character
	for i := range g.Chars {
		if g.Chars[i].Owner == p {
			out = append(out, &g.Chars[i])
		}
	}
	return out
}

// buildCharacters makes the models of player p's team.
func buildCharacters(g *state, p int) ([]character, error) {
	d := data()
	team, td, ok := g.teamOf(p)
	if !ok {
		return nil, fmt.Errorf("unknown team %q", g.Players[p].Team)
	}
	own := map[string]*content.Character{}
	for i := range td.Custom {
		own[td.Custom[i].ID] = &td.Custom[i]
	}
	sc := g.scenario()
	role := sc.Role(g.Players[p].Role)
	var out []character
	for _, m := range team.Members {
		ch, ok := own[m.Character]
		if !ok {
			ch, ok = d.cont.Character(m.Character)
		}
		if !ok {
			return nil, fmt.Errorf("team %s: unknown character %q", team.ID, m.Character)
		}
		lo := content.Loadout(ch)
		ct := d.rd.CharacterType(ch.Type)
		if ct == nil {
			return nil, fmt.Errorf("character %s: unknown type %q", ch.ID, ch.Type)
		}
		weight, err := d.rd.CarriedWeight(lo)
		if err != nil {
			return nil, fmt.Errorf("character %s: %w", ch.ID, err)
		}
		var am []ammo
		for _, a := range lo.Ammo {
			if w := d.rd.Weapon(a.Weapon); w != nil {
				am = append(am, ammo{Weapon: a.Weapon, Rounds: w.Rounds(a.Clips)})
			}
		}
		wa := map[string]string{}
		for _, ab := range ch.Abilities {
			if ab.Weapon != "" && ab.Action != "" {
				wa[ab.Weapon] = ab.Action
			}
		}
		if len(wa) == 0 {
			wa = nil
		}
		// The type's root skill (basic human skills) is implicit in the
		// content but enables take cover, get up, flee …
		actLo := lo
		actLo.Skills = append([]string{ct.RootSkill}, lo.Skills...)
		infil := false
		for _, s := range ch.Skills {
			if sk := d.rd.Skill(s); sk != nil && sk.PreGameEffect == "hidden" {
				infil = true
			}
		}
		infil = infil && role != nil && role.Infiltrators
		n := max(m.Count, 1)
		for k := 1; k <= n; k++ {
			id := fmt.Sprintf("p%d-%s", p+1, ch.ID)
			name := ch.Name
			if m.Count > 1 {
				id = fmt.Sprintf("%s-%d", id, k)
				name = fmt.Sprintf("%s %d", ch.Name, k)
			}
			c := character{ID: id, Base: ch.ID, Name: name, Owner: p, Kind: ch.Kind, Hero: ch.Hero, Type: ch.Type,
				Infiltrator: infil, Effects: []effect{}, Modifiers: []modifier{},
				Skills: append([]string(nil), lo.Skills...), Gear: append([]string(nil), lo.Gear...), Ammo: am,
				Carried: weight, Leadership: ch.Leadership, Camouflage: ch.Camouflage, Detection: ch.Detection,
				BaseAP: rules.ActionPoints(ct, sc), Actions: d.rd.AvailableActions(actLo), Assigned: []assigned{},
				Hits: []hit{}, Results: []result{}, WeaponActions: wa}
			if c.Ammo == nil {
				c.Ammo = []ammo{}
			}
			if c.Actions == nil {
				c.Actions = []string{}
			}
			if infil {
				c.Effects = append(c.Effects, effect{ID: "hidden"})
			}
			c.MoveAP = c.BaseAP
			c.Pool = c.BaseAP
			out = append(out, c)
		}
	}
	return out, nil
}
