package landsofruin

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin/rules"
	"github.com/commandconsole/commandconsole/npc"
)

// View is what one seat may know of a game. Another seat's hidden
// characters are left out entirely; of the visible ones a seat sees the
// public part only (where they stand, "down" instead of pinned, unconscious
// or dead, public damage results). Ammunition, action points, assigned
// actions, wounds and private results are in Own, for the owner alone.
type View struct {
	System       string `json:"system"`
	Seat         string `json:"seat"`
	Scenario     string `json:"scenario"`
	ScenarioName string `json:"scenario_name"`
	Map          string `json:"map"`
	MapName      string `json:"map_name"`
	Mode         string `json:"mode"`
	Phase        string `json:"phase"`
	Turn         int    `json:"turn"`
	// Current is the seat whose turn it is, during the battle.
	Current    string   `json:"current,omitempty"`
	Order      []string `json:"order,omitempty"`
	OrderDrawn bool     `json:"order_drawn,omitempty"`
	Prompt     string   `json:"prompt"`
	// Allowed lists the commands the seat may give now, by phase and seat
	// alone; Commands says whether some arguments are accepted, and which.
	Allowed    []string     `json:"allowed,omitempty"`
	Players    []PlayerView `json:"players"`
	Characters []CharView   `json:"characters"`
	Attack     *AttackView  `json:"attack,omitempty"`
	// EndProposedBy is the seat that proposed to end the game.
	EndProposedBy string `json:"end_proposed_by,omitempty"`
	// Detected lists the sections where this seat has detected hidden
	// enemies (never who they are).
	Detected []string `json:"detected,omitempty"`
	// Result holds the placements once the game is over.
	Result []console.Placement `json:"result,omitempty"`
	// Environment lists the Rotter attacks entered this Environment phase.
	Environment []EnvEntryView `json:"environment,omitempty"`
	// Rotters is the Rotter AI's plan for this Environment phase.
	Rotters *RotterPlanView `json:"rotters,omitempty"`
	// RotterDeployment is the pre-game Rotters per section, "yours
	// (opponents')", shown until the first Environment phase;
	// RotterCount the game's Rotter tally (living world only).
	RotterDeployment []DeploymentView `json:"rotter_deployment,omitempty"`
	RotterCount      *RotterTally     `json:"rotter_count,omitempty"`
	// UndoRequestedBy is the seat asking to undo the phase change, and
	// UndoApprovedBy those who approved.
	UndoRequestedBy string   `json:"undo_requested_by,omitempty"`
	UndoApprovedBy  []string `json:"undo_approved_by,omitempty"`
	// UndoCommand: the request takes back the asker's last command, not
	// a phase change.
	UndoCommand bool `json:"undo_command,omitempty"`
	// UndoWhat says, in the game's words and the map's section letters,
	// what the asked undo takes back, the action alone ("Aurel's move to
	// section C (north street)"; UndoRequestedBy says who asks), for the
	// players asked to agree; empty when no undo is asked. A
	// command naming what the seat may not know reads "a command"
	// (docs/landsofruin.md, LR-W5).
	UndoWhat string `json:"undo_what,omitempty"`
	// News are the headlines of the last command that the whole table
	// must see at once, in the game's words and as this seat may know
	// them: a character down (dead, to its owner), a leader's fall (to
	// its owner), a team's panic, an execution, the end of the game.
	// Empty when it brought none (docs/landsofruin.md, LR-W6).
	News []string `json:"news,omitempty"`
	// Shortcuts are the team quick shortcuts (shortcut command).
	Shortcuts []ShortcutView `json:"shortcuts,omitempty"`
	// Units is the unit every distance of the view is shown in ("in" or
	// "cm").
	Units string `json:"units"`
	// Throwables are the grenades, executed slaves and artillery strikes
	// on the table.
	Throwables []ThrowableView `json:"throwables,omitempty"`
	// RangeBands are the range bands a screen offers per target of a
	// ranged attack instead of a measured distance, and Spread the one
	// spread a further target takes (within the multi-target distance of
	// the first): each with the value the attack command takes for it
	// (distances, spread), in the game's unit. The attack command also
	// takes any measured distance, so these are not its only choices.
	RangeBands []Distance `json:"range_bands"`
	Spread     Distance   `json:"spread"`
	// MoraleMax is the morale pool a team starts with: the full morale
	// bar (each player's pool is in their own PlayerView).
	MoraleMax int `json:"morale_max"`

	// Commands says, per command of the vocabulary, whether the seat may
	// give it now, why not, and what its arguments may be (affordances.go);
	// none in the public view, which gives no commands.
	Commands []console.Affordance `json:"commands,omitempty"`
}

// Distance is a distance a screen offers: the value a command takes for
// it, its label and what it means.
type Distance struct {
	Value string `json:"value"`
	Band  string `json:"band,omitempty"`
	Label string `json:"label"`
	Note  string `json:"note,omitempty"`
}

// rangeBands are the view's RangeBands and Spread for g's unit.
func (g *state) rangeBands() ([]Distance, Distance) {
	val := func(tenths int) string {
		if g.Units == UnitsCM {
			return strconv.Itoa(rules.TenthsToMM(tenths))
		}
		return strconv.Itoa(tenths)
	}
	bands := []Distance{
		{Value: val(0), Band: rules.Short.String(), Label: "Short (up to " + g.dist(rules.ShortRangeTenths) + ")"},
		{Value: val(150), Band: rules.Mid.String(), Label: "Mid (up to " + g.dist(rules.MidRangeTenths) + ")"},
		{Value: val(300), Band: rules.Long.String(), Label: "Long (over " + g.dist(rules.MidRangeTenths) + ")"},
	}
	spread := Distance{Value: val(rules.MultiTargetTenths), Label: "Within " + g.dist(rules.MultiTargetTenths) + " of the first target",
		Note: "further targets must stand within " + g.dist(rules.MultiTargetTenths) + " of the main target"}
	return bands, spread
}

// ThrowableView is a throwable on the table and its area this phase.
type ThrowableView struct {
	ID      int    `json:"id"`
	Item    string `json:"item"`
	Name    string `json:"name"`
	By      string `json:"by"`
	Section string `json:"section"`
	// Area is the area's diameter in the game's unit this Environment
	// phase ("" none yet or any more, "the whole section"); Next the
	// areas to come, one per Environment phase.
	Area    string   `json:"area,omitempty"`
	Next    []string `json:"next,omitempty"`
	Rotters int      `json:"rotters_killed,omitempty"`
}

// EnvEntryView is an Environment attack waiting for the end of the phase.
type EnvEntryView struct {
	Character string `json:"character"`
	// Source is "rotter" (Kind the Rotter kind) or "explosive" (Kind the
	// item, Throwable its number).
	Source    string `json:"source"`
	Kind      string `json:"kind"`
	Count     int    `json:"count"`
	Throwable int    `json:"throwable,omitempty"`
	// Lurkers are the IDs of the lurkers of a "lurker" entry.
	Lurkers []string `json:"lurkers,omitempty"`
}

// RotterPlanView is where the Rotters go and which appear: the target
// section and character are what the GUI highlights, and Instructions
// (the living world's) what the players do on the table now, in order.
type RotterPlanView struct {
	Section   string         `json:"section,omitempty"`
	Character string         `json:"character,omitempty"`
	Spawns    []RotterSpawnV `json:"spawns,omitempty"`
	Skipped   bool           `json:"skipped,omitempty"`
	// Phase is the Environment phase's number and Threat the table's
	// threat level (living world only).
	Phase  int `json:"phase,omitempty"`
	Threat int `json:"threat,omitempty"`
	// Held Rotters wait outside: their edge is within 10" of characters.
	Held         int                `json:"held,omitempty"`
	Lurkers      []npc.LurkerAttack `json:"lurkers,omitempty"`
	Instructions []npc.Instruction  `json:"instructions,omitempty"`
}

// RotterSpawnV is a number of Rotters entering at a spawn point; X and Y
// are the proposed place in tenths of an inch from the map's north-west
// corner (living world only), Pushed when it was moved along the edge.
type RotterSpawnV struct {
	Point  string `json:"point"`
	Kind   string `json:"kind"`
	Count  int    `json:"count"`
	X      int    `json:"x,omitempty"`
	Y      int    `json:"y,omitempty"`
	Pushed bool   `json:"pushed,omitempty"`
}

// RotterTally counts the game's Rotters: the pre-game ones, those that
// arrived since (spawns and woken lurkers), and those killed by every
// team (any hit kills a Rotter; grenades count too).
type RotterTally struct {
	PreGame int `json:"pre_game"`
	Arrived int `json:"arrived"`
	Killed  int `json:"killed"`
}

// ShortcutView is a team quick shortcut and the action it assigns.
type ShortcutView struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Action string `json:"action"`
}

// PlayerView is one player as a seat sees them.
type PlayerView struct {
	Seat string `json:"seat"`
	Role string `json:"role,omitempty"`
	// RoleName is the role's name in the scenario ("Reclaimers").
	RoleName  string `json:"role_name,omitempty"`
	Side      string `json:"side,omitempty"`
	Team      string `json:"team,omitempty"`
	TeamName  string `json:"team_name,omitempty"`
	GearValue int    `json:"gear_value,omitempty"`
	// CustomTeam: the team is the player's own (its members are not
	// shown). Team, TeamName, GearValue and CustomTeam are told to the
	// player only (teamsecrecy.go); others see TeamChosen.
	CustomTeam bool `json:"custom_team,omitempty"`
	TeamChosen bool `json:"team_chosen,omitempty"`
	Ready      bool `json:"ready,omitempty"`
	// Morale and MoralePool are told to the player only.
	Morale     string `json:"morale,omitempty"`
	MoralePool int    `json:"morale_pool,omitempty"`
	// Leader and Second (gold and silver star) are told to the player
	// only.
	Leader    string `json:"leader,omitempty"`
	Second    string `json:"second,omitempty"`
	EndAgreed bool   `json:"end_agreed,omitempty"`
	// Panicked: the team has panicked and the game is over for the player
	// (told to everyone).
	Panicked   bool            `json:"panicked,omitempty"`
	Objectives []ObjectiveView `json:"objectives,omitempty"`
	Points     int             `json:"points,omitempty"`
	// RottersKilled counts the Rotters the team's attacks killed.
	RottersKilled int `json:"rotters_killed,omitempty"`
}

// ObjectiveView is an objective marked as achieved.
type ObjectiveView struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Count  int    `json:"count"`
	Points int    `json:"points"`
}

// CharView is a character as a seat sees it.
type CharView struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Seat string `json:"seat"`
	Kind string `json:"kind"`
	// Section is the map section it stands in: an off-table section
	// ("off-south") once it left the table; empty before deployment.
	Section string `json:"section,omitempty"`
	// Down: pinned, unconscious or dead, as opponents are told.
	Down    bool `json:"down,omitempty"`
	Wounded bool `json:"wounded,omitempty"`
	// Effects are the effects anyone at the table can see (take cover,
	// weapon deployed, on fire …).
	Effects        []string `json:"effects,omitempty"`
	Suppression    int      `json:"suppression,omitempty"`
	UnresolvedHits int      `json:"unresolved_hits,omitempty"`
	// LastResult is the last damage result as this seat may know it.
	LastResult string `json:"last_result,omitempty"`
	// Assigned are the actions assigned to another seat's character, shown
	// during its owner's Action phase only (rulebook "Enemy team": "you
	// can see actions assigned to the characters when your opponent is
	// playing his / her action phase").
	Assigned []AssignView `json:"assigned,omitempty"`
	// Tribe and TribeName are the team's tribe, and WeaponClasses the
	// classes of its two most prominent weapons (primary first): the
	// rulebook's character card shows them to opponents too.
	Tribe         string   `json:"tribe,omitempty"`
	TribeName     string   `json:"tribe_name,omitempty"`
	WeaponClasses []string `json:"weapon_classes,omitempty"`
	Own           *OwnView `json:"own,omitempty"`
}

// OwnView is what only a character's owner knows.
type OwnView struct {
	Hidden    bool         `json:"hidden,omitempty"`
	Effects   []string     `json:"effects"`
	Modifiers []ModView    `json:"modifiers,omitempty"`
	BaseAP    int          `json:"base_ap"`
	Available int          `json:"available_ap"`
	Remaining int          `json:"remaining_ap"`
	Assigned  []AssignView `json:"assigned,omitempty"`
	Actions   []string     `json:"actions"`
	// Movement is the allowance in tenths of an inch (the rules' unit).
	Movement int `json:"movement"`
	// MoveText is the movement allowance in the game's unit.
	MoveText   string       `json:"movement_text"`
	Defence    int          `json:"defence"`
	Ammo       []AmmoView   `json:"ammo,omitempty"`
	Results    []ResultView `json:"results,omitempty"`
	Weapons    []string     `json:"weapons"`
	Camouflage int          `json:"camouflage"`
	Detection  int          `json:"detection"`
	Leadership int          `json:"leadership"`
	Carried    int          `json:"carried_grams"`
	Hits       []HitView    `json:"hits,omitempty"`
	// Role is the battlefield role inferred from skills and gear
	// (InferRole; "" none) and RoleName its name.
	Role     string `json:"role,omitempty"`
	RoleName string `json:"role_name,omitempty"`
	// Skills and Gear are what the character has and carries, for the
	// card's back.
	Skills []SkillView `json:"skills,omitempty"`
	Gear   []GearView  `json:"gear,omitempty"`
}

// ModView is an active wound or shock modifier.
type ModView struct {
	Attack  int `json:"attack"`
	Defence int `json:"defence"`
	// Until is the last game turn it applies; 0 for the rest of the game.
	Until int `json:"until,omitempty"`
}

// AssignView is an assigned action.
type AssignView struct {
	Action    string `json:"action"`
	Name      string `json:"name"`
	AP        int    `json:"ap"`
	Performed bool   `json:"performed,omitempty"`
}

// AmmoView is the rounds left for a weapon.
type AmmoView struct {
	Weapon string `json:"weapon"`
	Rounds int    `json:"rounds"`
}

// ResultView is a resolved hit as its owner knows it.
type ResultView struct {
	Turn   int    `json:"turn"`
	Roll   int    `json:"roll"`
	Power  int    `json:"power"`
	Total  int    `json:"total"`
	Result string `json:"result"`
	Detail string `json:"detail"`
}

// HitView is an unresolved hit.
type HitView struct {
	Kind  string `json:"kind"`
	Power int    `json:"power"`
}

// AttackView is the declared attack, waiting for its dice.
type AttackView struct {
	Attacker string `json:"attacker"`
	Action   string `json:"action"`
	Weapon   string `json:"weapon"`
	Mode     string `json:"mode"`
	// WeaponName and ModeName are the weapon's and the mode's names.
	WeaponName string             `json:"weapon_name,omitempty"`
	ModeName   string             `json:"mode_name,omitempty"`
	Band       string             `json:"band"`
	Aim        bool               `json:"aim,omitempty"`
	Targets    []AttackTargetView `json:"targets"`
}

// AttackTargetView is one target of the declared attack and the d20 score
// it needs.
type AttackTargetView struct {
	Target string `json:"target"`
	// Name is the target's name.
	Name  string `json:"name,omitempty"`
	Cover string `json:"cover"`
	Need  int    `json:"need"`
}

// publicEffects are the effects opponents see on the table.
var publicEffects = map[string]bool{"take-cover": true, "weapon-deployed": true, "carrying-objective": true, "on-fire": true,
	"fleeing": true, "frenzy": true, "berserker-charge": true, "surprised": true}

func coverName(c int) string {
	switch rules.Cover(c) {
	case rules.CoverBasic:
		return "cover"
	case rules.CoverLight:
		return "light"
	case rules.CoverHeavy:
		return "heavy"
	}
	return "none"
}

// View returns what seat may know; Public (or an unknown seat) gets the
// spectator's view.
func (r *Rules) View(s console.State, seat console.Seat) console.View {
	g, err := asState(s)
	if err != nil {
		return View{System: ID, Seat: string(seat), Prompt: err.Error()}
	}
	p := g.playerOf(seat)
	v := View{System: ID, Seat: string(seat), Scenario: g.Scenario, Map: g.Map, Phase: g.Phase, Turn: g.Turn,
		OrderDrawn: g.OrderDrawn, Prompt: g.prompt(), Players: []PlayerView{}, Characters: []CharView{}, Mode: ModeBasic,
		MoraleMax: rules.MoralePool}
	v.RangeBands, v.Spread = g.rangeBands()
	if g.Advanced {
		v.Mode = ModeAdvanced
	}
	if sc := g.scenario(); sc != nil {
		v.ScenarioName = sc.Name
	}
	if m := g.gameMap(); m != nil {
		v.MapName = m.Name
	}
	if cur := g.current(); cur >= 0 {
		v.Current = string(g.seat(cur))
	}
	for _, i := range g.Order {
		v.Order = append(v.Order, string(g.seat(i)))
	}
	if p >= 0 {
		for _, c := range commandSpecs {
			if g.gate(p, c.Name) == nil {
				v.Allowed = append(v.Allowed, c.Name)
			}
		}
	}
	for i, pl := range g.Players {
		pv := PlayerView{Seat: pl.Seat, Role: pl.Role, Side: pl.Side, Team: pl.Team, TeamName: pl.TeamName, GearValue: pl.GearValue, CustomTeam: pl.Custom != nil,
			Ready: pl.Ready, EndAgreed: pl.EndAgreed, Points: g.points(i), RottersKilled: pl.RottersKilled, Panicked: pl.panicked()}
		// The leaders are the player's: the choice skips unconscious and
		// dead heroes but not pinned ones, so a gold star leaving a down
		// leader would tell others which it is (down.go), and a missing
		// one a hidden leader.
		if i == p {
			pv.Leader, pv.Second = pl.Leader, pl.Second
		}
		if sc := g.scenario(); sc != nil && pl.Role != "" {
			if r := sc.Role(pl.Role); r != nil {
				pv.RoleName = r.Name
			}
		}
		if i != p {
			publicTeam(&pv)
		}
		if i == p && g.Phase != PhaseSetup {
			pv.Morale, pv.MoralePool = rules.MoraleState(pl.Morale).String(), pl.Pool
		}
		for _, o := range pl.Objectives {
			if x := data().rd.Objective(o.ID); x != nil {
				pv.Objectives = append(pv.Objectives, ObjectiveView{ID: o.ID, Name: x.Name, Count: o.Count, Points: x.Points * o.Count})
			}
		}
		v.Players = append(v.Players, pv)
	}
	for i := range g.Chars {
		c := &g.Chars[i]
		if !c.visibleTo(p) {
			continue
		}
		v.Characters = append(v.Characters, g.charView(c, p))
	}
	if a := g.Attack; a != nil {
		av := AttackView{Attacker: a.Attacker, Action: a.Action, Weapon: a.Weapon, Mode: a.Mode, Band: rules.Band(a.Band).String(), Aim: a.Aim}
		if w := data().rd.Weapon(a.Weapon); w != nil {
			av.WeaponName = w.Name
		}
		if m := data().rd.Mode(a.Weapon, a.Mode); m != nil {
			av.ModeName = m.Name
		}
		for _, t := range a.Targets {
			av.Targets = append(av.Targets, AttackTargetView{Target: t.Target, Name: g.name(t.Target), Cover: coverName(t.Cover), Need: t.Need})
		}
		v.Attack = &av
	}
	if g.EndProposedBy > 0 {
		v.EndProposedBy = string(g.seat(g.EndProposedBy - 1))
	}
	if p >= 0 {
		for _, id := range g.Players[p].Detected {
			if h := g.char(id); h != nil && h.hidden() && h.Section != "" && !contains(v.Detected, h.Section) {
				v.Detected = append(v.Detected, h.Section)
			}
		}
	}
	if g.Phase == PhaseOver {
		v.Result = g.placements()
	}
	for _, e := range g.Env {
		if c := g.char(e.Char); c != nil && c.visibleTo(p) {
			v.Environment = append(v.Environment, EnvEntryView{Character: e.Char, Source: e.Source, Kind: e.Kind, Count: e.Count, Throwable: e.Throwable, Lurkers: e.Lurkers})
		}
	}
	if pl := g.Plan; pl != nil {
		rv := &RotterPlanView{Section: pl.Section, Character: pl.Character, Skipped: pl.Skipped}
		if c := g.char(pl.Character); c != nil && !c.visibleTo(p) {
			rv.Character = ""
		}
		for _, sp := range pl.Spawns {
			rv.Spawns = append(rv.Spawns, RotterSpawnV(sp))
		}
		rv.Phase, rv.Threat, rv.Held, rv.Lurkers, rv.Instructions = pl.Number, pl.Threat, pl.Held, pl.Lurkers, g.instructionsFor(pl.Instructions, p)
		v.Rotters = rv
	}
	if g.hasWorld() {
		if g.EnvPhases == 0 && g.Phase != PhaseOver && g.Phase != PhaseObjectives {
			v.RotterDeployment = deploymentView(g.Deployment, p)
		}
		v.RotterCount = &RotterTally{Arrived: g.RottersArrived, Killed: g.rottersKilled()}
		if g.Deployment != nil {
			v.RotterCount.PreGame = g.Deployment.Total()
		}
	}
	if g.UndoBy > 0 {
		v.UndoRequestedBy, v.UndoCommand = string(g.seat(g.UndoBy-1)), g.UndoCommand
		for _, pl := range g.Players {
			if pl.UndoApproved {
				v.UndoApprovedBy = append(v.UndoApprovedBy, pl.Seat)
			}
		}
	}
	v.UndoWhat = g.undoWhatFor(p)
	v.News = g.newsFor(p)
	v.Commands = r.affordances(g, seat, p)
	v.Units = UnitsInches
	if g.Units == UnitsCM {
		v.Units = UnitsCM
	}
	for _, t := range g.Throwables {
		v.Throwables = append(v.Throwables, g.throwableView(t))
	}
	if g.battle() && g.current() == p && !g.Players[p].panicked() {
		for _, sc := range data().rd.Shortcuts {
			v.Shortcuts = append(v.Shortcuts, ShortcutView{ID: sc.ID, Name: sc.Name, Action: sc.Action})
		}
	}
	return v
}

func (g *state) charView(c *character, p int) CharView {
	cv := CharView{ID: c.ID, Name: c.Name, Seat: string(g.seat(c.Owner)), Kind: c.Kind, Section: c.Section, Down: c.down(),
		Suppression: c.Suppression, UnresolvedHits: len(c.Hits)}
	g.cardPublic(c, &cv)
	for _, m := range c.Modifiers {
		if m.Turns == 0 {
			cv.Wounded = true
		}
	}
	for _, e := range c.Effects {
		if publicEffects[e.ID] {
			cv.Effects = append(cv.Effects, e.ID)
		}
	}
	if n := len(c.Results); n > 0 {
		cv.LastResult = c.Results[n-1].Public
	}
	if c.Owner != p {
		if g.Phase == PhaseAction && c.Owner == g.current() {
			cv.Assigned = assignViews(c)
		}
		if cv.Down {
			downView(&cv)
		}
		return cv
	}
	if n := len(c.Results); n > 0 {
		cv.LastResult = c.Results[n-1].Private
	}
	own := &OwnView{Hidden: c.hidden(), Effects: c.effectIDs(), BaseAP: c.BaseAP, Available: c.available(), Remaining: c.remaining(),
		Actions: c.Actions, Camouflage: c.Camouflage, Detection: c.Detection, Leadership: c.Leadership, Carried: c.Carried, Weapons: []string{}}
	for _, m := range c.Modifiers {
		if rules.ModifierActive(rules.WoundModifier{Attack: m.Attack, Defence: m.Defence, Turns: m.Turns}, m.From, g.Turn) {
			mv := ModView{Attack: m.Attack, Defence: m.Defence}
			if m.Turns > 0 {
				mv.Until = m.From + m.Turns
			}
			own.Modifiers = append(own.Modifiers, mv)
		}
	}
	own.Assigned = assignViews(c)
	// In the owner's Command phase the movement shown is next turn's.
	next := g.Phase == PhaseCommand || g.Phase == PhaseEnvironment || g.Phase == PhasePreGame || g.Phase == PhaseSetup
	own.Movement = g.moveAllowance(c, next)
	own.MoveText = g.dist(own.Movement)
	own.Defence = c.defence(rules.Ranged, g.Turn)
	for _, a := range c.Ammo {
		own.Ammo = append(own.Ammo, AmmoView{Weapon: a.Weapon, Rounds: a.Rounds})
	}
	for _, r := range c.Results {
		own.Results = append(own.Results, ResultView{Turn: r.Turn, Roll: r.Roll, Power: r.Power, Total: r.Total, Result: r.Private, Detail: r.Detail})
	}
	for _, h := range c.Hits {
		own.Hits = append(own.Hits, HitView{Kind: h.Kind, Power: h.Power})
	}
	for _, gid := range c.Gear {
		if k := data().rd.GearKind(gid); (k == "weapon" || k == "close-combat") && !contains(own.Weapons, gid) {
			own.Weapons = append(own.Weapons, gid)
		}
	}
	cardOwn(c, own)
	cv.Own = own
	return cv
}

// assignViews lists c's assigned actions.
func assignViews(c *character) []AssignView {
	var out []AssignView
	for _, a := range c.Assigned {
		ap := 0
		if x := data().rd.Action(a.Action); x != nil {
			ap = x.AP
		}
		out = append(out, AssignView{Action: a.Action, Name: actionName(a.Action), AP: ap, Performed: a.Performed})
	}
	return out
}

// Status tells whether the game is over, and the placements.
func (r *Rules) Status(s console.State) console.Status {
	g, err := asState(s)
	if err != nil {
		return console.Status{Summary: err.Error()}
	}
	switch g.Phase {
	case PhaseOver:
		pl := g.placements()
		var win []string
		for _, x := range pl {
			if x.Place == 1 {
				win = append(win, string(x.Seat))
			}
		}
		verb := "wins"
		if len(win) > 1 {
			verb = "share the win"
		}
		return console.Status{Finished: true, Summary: fmt.Sprintf("%s %s with %s", strings.Join(win, " and "), verb, plural(pl[0].Score, "point", "points")), Placements: pl}
	case PhaseSetup:
		return console.Status{Summary: "setup"}
	case PhasePreGame:
		return console.Status{Summary: "pre-game"}
	case PhaseObjectives:
		return console.Status{Summary: "ending: marking objectives"}
	}
	return console.Status{Summary: fmt.Sprintf("turn %d, %s's %s", g.Turn, g.seat(g.current()), strings.TrimPrefix(phaseName(g.Phase), "the "))}
}

// EncodeState serialises the state.
func (r *Rules) EncodeState(s console.State) ([]byte, error) {
	g, err := asState(s)
	if err != nil {
		return nil, err
	}
	return console.Encode(g)
}

// DecodeState parses a state written by EncodeState and checks that it
// fits together, so a damaged snapshot is refused rather than crashing a
// view later.
func (r *Rules) DecodeState(b []byte) (console.State, error) {
	var g state
	if err := console.Decode(b, &g); err != nil {
		return nil, err
	}
	if err := g.check(); err != nil {
		return nil, fmt.Errorf("landsofruin: damaged state: %w", err)
	}
	return &g, nil
}

func (g *state) check() error {
	if data().rd.Scenario(g.Scenario) == nil {
		return fmt.Errorf("unknown scenario %q", g.Scenario)
	}
	if g.gameMap() == nil {
		return fmt.Errorf("unknown map %q", g.Map)
	}
	if g.hasWorld() {
		if _, err := g.world(); err != nil {
			return err
		}
	}
	if g.Mark != nil && g.Mark.hasWorld() {
		// A rewind makes the mark's world the game's.
		if _, err := g.Mark.world(); err != nil {
			return err
		}
	}
	if len(g.Marked) > 0 {
		// A rewind makes the mark the game.
		m, err := decodeMark(g.Marked)
		if err != nil {
			return err
		}
		if err := m.check(); err != nil {
			return fmt.Errorf("the state before the phase change: %w", err)
		}
	}
	for _, op := range g.Noise {
		switch {
		case op.Op != opAttack && op.Op != opEndMove && op.Op != opStartAction && op.Op != opSection:
			return fmt.Errorf("unknown noise change %q", op.Op)
		case op.Player < 0 || op.Player >= len(g.Players) || op.Amount < 0 || op.Amount > maxNoise:
			return fmt.Errorf("noise %d for player %d", op.Amount, op.Player)
		}
	}
	if g.EnvPhases < 0 {
		return fmt.Errorf("%d Environment phases", g.EnvPhases)
	}
	if g.Plan != nil && (g.Plan.World != nil || len(g.Plan.PackedWorld) > 0) {
		return fmt.Errorf("the Rotter plan holds a world")
	}
	if g.RottersArrived < 0 {
		return fmt.Errorf("%d Rotters arrived", g.RottersArrived)
	}
	switch g.Phase {
	case PhaseSetup, PhasePreGame, PhaseAction, PhaseSync, PhaseCommand, PhaseEnvironment, PhaseObjectives, PhaseOver:
	default:
		return fmt.Errorf("unknown phase %q", g.Phase)
	}
	if len(g.Players) == 0 || len(g.Players) > 8 {
		return fmt.Errorf("%d players", len(g.Players))
	}
	if g.Phase != PhaseSetup && len(g.Order) != len(g.Players) {
		return fmt.Errorf("turn order of %d for %d players", len(g.Order), len(g.Players))
	}
	for _, o := range g.Order {
		if o < 0 || o >= len(g.Players) {
			return fmt.Errorf("turn order names player %d", o)
		}
	}
	if g.battle() && (g.Current < 0 || g.Current >= len(g.Order)) {
		return fmt.Errorf("current %d out of the turn order", g.Current)
	}
	if g.EndProposedBy < 0 || g.EndProposedBy > len(g.Players) {
		return fmt.Errorf("end proposed by player %d", g.EndProposedBy-1)
	}
	seen := map[string]bool{}
	for _, c := range g.Chars {
		if c.Owner < 0 || c.Owner >= len(g.Players) {
			return fmt.Errorf("character %q of player %d", c.ID, c.Owner)
		}
		if seen[c.ID] {
			return fmt.Errorf("character %q twice", c.ID)
		}
		seen[c.ID] = true
		if data().rd.CharacterType(c.Type) == nil {
			return fmt.Errorf("character %q of unknown type %q", c.ID, c.Type)
		}
	}
	if a := g.Attack; a != nil {
		if g.char(a.Attacker) == nil || data().rd.Mode(a.Weapon, a.Mode) == nil {
			return fmt.Errorf("damaged attack")
		}
		for _, t := range a.Targets {
			if _, ok := rotterTarget(t.Target); !ok && g.char(t.Target) == nil {
				return fmt.Errorf("attack on unknown %q", t.Target)
			}
		}
	}
	return nil
}

// throwableView shows a throwable; its areas are in the game's unit.
func (g *state) throwableView(t throwable) ThrowableView {
	area := func(d int) string {
		switch d {
		case -1:
			return "the whole section"
		case 0:
			return ""
		}
		return g.dist(d)
	}
	tv := ThrowableView{ID: t.ID, Item: t.Item, Name: t.Item, By: g.name(t.By), Section: t.Section, Rotters: t.Rotters}
	it := t.item()
	if it == nil {
		return tv
	}
	tv.Name = it.Name
	if g.Phase == PhaseEnvironment {
		tv.Area = area(t.diameter())
	}
	for i := t.Counter; i < len(it.TemplateTenths); i++ {
		if s := area(it.TemplateTenths[i]); s != "" {
			tv.Next = append(tv.Next, s)
		} else {
			tv.Next = append(tv.Next, "none")
		}
	}
	return tv
}
