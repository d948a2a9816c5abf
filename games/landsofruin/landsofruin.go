// Package landsofruin is the Lands of Ruin rules engine: the console.Rules
// of the skirmish game the Command Console was first made for. The players
// move miniatures and roll their d20s on the table; the engine knows every
// character's action points, movement allowance, ammunition, suppression,
// wounds, morale and hidden status, rolls the damage dice in secret and
// refuses what the rules forbid, with a message that says why.
//
// The numbers and formulas come from games/landsofruin/rules (the rules
// tables of assets/landsofruin and their arithmetic) and the world from
// games/landsofruin/content (tribes, pre-made characters and teams, maps).
// This package keeps the game: setup, the turn sequence, actions, attacks,
// damage resolution, hidden characters and the end of the game.
//
// # Setup
//
// The setup options name the scenario, the map and the mode (basic or
// advanced). Each seat then chooses a role of the scenario (choose-role), a
// table side (choose-side) and a team (choose-team; checked against the
// role's maximum gear value with content.Validate), and says ready. The team
// is pre-made (team=ID) or the player's own (team-json=…, see CustomTeam):
// an own team is carried whole in the command and recorded whole in the
// event, so the game never reads a roster, and other seats are told only
// its name and gear value. When
// every seat is ready and every role has between its minimum and maximum of
// players, the game starts: the turn order follows the roles' first-turn
// priority, highest first, random within equal priority (drawn with the
// game's dice and recorded in the event, an undo barrier). Characters that
// can infiltrate (the infiltrate skill, in a role that allows infiltrators)
// start hidden; in the pre-game each owner may place them secretly in a map
// section (infiltrate), and everyone says ready again.
//
// # Turns
//
// Each player's turn is Action → Sync → Command → Environment; only the
// current player ends a phase (end-phase). The game turn counts up when the
// turn order comes round again (a panicked player's turns are skipped, see
// below). Actions are assigned in the
// Command phase (assign, unassign) and performed in the next Action phase
// (perform, attack), so the first Action phase is movement only. Damage is
// resolved at the start of the owner's Command phase: the engine rolls a D100
// per unresolved hit, adds 10 × power and reads the chart; the owner is told
// the private result, everyone else the public one (pinned, unconscious and
// dead are only "down" to opponents).
//
// # Hidden information
//
// View and Describe are cut per seat: a seat never sees another seat's hidden
// characters (not even their ids or names), private damage results, ammunition,
// action points, assigned actions (except during their owner's Action phase,
// when the rulebook shows them), nor detections it did not make. A refusal
// never tells a hidden character apart from one that does not exist, nor
// depends on anything else the commanding seat may not know. Other seats
// are told only that a player has chosen a team (not which: a pre-made
// team's members are public content), and the infiltrators of a team entry
// of several carry random tags, not roster numbers (teamsecrecy.go).
//
// # Decisions where the rulebook is unclear
//
//   - Every Action phase, the first included, prepares the characters the
//     same way: the unspent action points become movement and the defence
//     pool is reset (so +4 defence with 20 points unspent). The original app
//     skipped this for the first player's first Action phase.
//   - Attacks are made only with an action assigned in the previous Command
//     phase (shoot, aim-and-shoot, close-combat, or an ability's action such
//     as Dorian's fire-bazooka); the first Action phase is movement only.
//   - Difficult terrain and obstacles (rulebook "Obstacles and difficult
//     terrain"): which terrain counts is agreed at the table before the
//     game (on disagreement a die, 11+ on a d20: difficult); the players
//     tell the console a character's path went through it (move
//     difficult=true, also without leaving the section), and its whole
//     allowance for the turn is halved (truncated to a tenth of an inch),
//     once, until its owner's next Action phase; the part already moved
//     counts against the halved allowance. A close-support member's own
//     path halves its own allowance, not its hero's. A berserker charge
//     ignores it (the ability goes "across any terrain").
//   - The engine does not track inches: a character's map section is told
//     with move, the players measure the allowance on the table, and the
//     distances of an attack are entered in tenths of the game's unit
//     (tenths of an inch, or millimetres with units=cm). The band of a
//     multi-target attack is that of the farthest target.
//   - Declaring an attack reveals a hidden attacker at once (the declaration
//     names it); the reveal is an undo barrier.
//   - Reveal (0 AP) may be performed without being assigned, "at any point"
//     of the owner's Action phase.
//   - When the game ends, the outstanding hits of every team are resolved
//     (the app resolved only the current player's), so no hit is lost.
//   - A panicked team's game is over (the rulebook: no more actions "for
//     the rest of the game"; the app still allowed type-1 actions). The
//     damage resolution that empties the pool records the panic (told to
//     every seat); from then on the player assigns nothing (assign and the
//     shortcuts are refused), the rest of the panicking turn (Command and
//     Environment phases) is played out, their later turns are skipped
//     (the game turn counts up whenever the order comes round past its
//     end), and their agreement to end the game is not needed (they can
//     neither propose, agree nor refuse). Their outstanding hits resolve
//     with everyone's when the game ends. When at most one player is left
//     unpanicked (or all of those left have agreed to an open proposal),
//     the game ends at once: the outstanding hits are resolved and the
//     objectives marked as usual, every player included.
//   - Opponents see take cover, weapon deployed, carrying objective, on fire,
//     fleeing, frenzy, berserker charge and surprised (they are visible on the
//     table), and "wounded" for a permanent modifier; bleeding and the
//     modifiers' numbers are the owner's. A down character (pinned,
//     unconscious or dead) is only "down" to them (down.go): no effects,
//     wound flag, suppression or unresolved hits, its last result "Down",
//     and "Down" in the damage resolution that leaves it down (the chart's
//     "Wounded" of a pinning row would tell pinned apart). The leader and
//     second (gold and silver star) are the player's alone: their choice
//     skips unconscious and dead heroes, not pinned ones.
//   - An attack, a throwable caught or an artillery strike may hit any down
//     enemy, whichever of the three it is: the attacker sees only "down".
//     On a dead one the hit has no effect when resolved. A down target's
//     defence counts its gear and skills only (no effect, wound or unspent
//     AP), so the score needed does not tell the three apart.
//   - The actions assigned to the current player's visible characters are
//     shown to every seat during that player's Action phase (rulebook
//     "Enemy team"), never while they are planned in the Command phase.
//   - Undo by consent (undoconsent.go): a command another seat could see
//     (its view or history changed) is not undone by its seat alone; the
//     refusal (console.ReasonNeedsConsent) says to ask with request-undo,
//     every other player approves (approve-undo), and a command-undone
//     event restores the state the command was given in. Commands only
//     their seat saw (assign, unassign, shortcut, infiltrate) are undone
//     at once; barriers (secret dice, reveals) never.
//   - Objectives are marked by the players (the app judged none itself);
//     the placements rank the objective points, ties sharing a place.
//     Players whose team panicked are ranked after all the others (among
//     themselves by points): the rulebook says only that their game is
//     over.
//   - The Environment phase is ended by the current player (the app had
//     every player press ready); any player enters the Rotter attacks
//     (rotter-attack), which are rolled when it ends, before the next
//     Action phase's preparation and detections (environment.go).
//   - The living world (world.go, package npc) runs the Rotters: made when
//     the game starts (the pre-game deployment, "yours (opponents')", in
//     every view until the first Environment phase), fed with the noise
//     of attacks, moves and throwables, and played when each Command phase
//     ends: the view's rotters field holds the target section and
//     character, the spawns with their proposed places and the
//     instructions for the table; lurkers that attack unseen are entered
//     and rolled with the Rotter attacks. A character's position is its
//     section's centroid (the engine knows sections, not inches).
//   - A Rotter hit is an unresolved close-combat hit of power (Rotter
//     power − 1), as the app's "extra hits" (§10.8).
//   - Phase undo by consent is a rules-level rewind (undo.go): only the
//     changes into the Sync and the Environment phase can be taken back,
//     as in the app; the game returns to the ended phase as it was ended.
//     That state is recorded by Decide in the phase-ended event (the
//     host's record, hidden information like the living world's) and kept
//     as bytes: replay copies no state, and the mark is decoded only when
//     an undo is approved. The living world's new world is recorded in the
//     state's own packed form for the same reason. Older events (without
//     them) replay as before.
//   - The team quick shortcuts assign only where assign would be allowed
//     (the app skipped the checks); the others keep their actions.
//   - Reveal enemy names the section of a detected enemy, never its id
//     (effects.go); frenzy's self-hit of power −2 is added after each of
//     the owner's damage resolutions.
//   - Throwables (throwables.go): throw, execute-slave and call-artillery
//     need their action assigned in the Command phase (which checks the
//     item is carried, and for execute-slave a living slave on the table);
//     the item is used up and the thrower revealed. The players measure and
//     enter the distance to the marker; it is checked against the throwing
//     range (type 15" × the item's percentage; 10" for a slave; artillery
//     has no limit). The area advances at the start of every player's
//     Environment phase; the players enter who is caught (explosion-hit)
//     and how many Rotters died, the artillery strike hits every character
//     in its section by itself (hidden ones too; only their owner is told)
//     and adds its 75 % suppression at once. Explosive hits are rolled with
//     the Rotter attacks: d20 ≥ 5 + armour against explosives, power
//     (item − 1) on the close-combat chart without the coup de grâce; a
//     Molotov hit sets the character on fire. Rotters killed by a
//     throwable count for the thrower's team. A throwable's noise goes to
//     the living world in the first Environment phase its area opens.
//   - Execute slave uses up a balean-slave item and kills a slave: the two
//     items Thanatos carries are his charges (the app killed a slave
//     without spending the item).
//   - Cohorts (cohorts.go): each member is a character of its own, hit and
//     resolved on the chart like any other (the app removed a squad member
//     per hit). Close-support members assign nothing themselves: the hero's
//     attack actions (and close combat) are assigned to the members that
//     can take them, and unassigned with the hero's. Slaves take no action.
//     A hit on a hero (attack or Rotter, not explosive) is taken by a
//     standing, visible slave, else by a close-support member on a d100
//     above 50, else by the hero; the member takes it as an unresolved hit
//     of its own, resolved on the chart at its owner's damage resolution
//     (the app killed it at once, telling everyone who died). Androphage's berserker charge and
//     Dorian's once-per-battle bazooka need a living member of their cohort.
//     A close-support member's movement allowance is its hero's (rulebook
//     "Close support": "the same movement value as the hero"); while the
//     hero is down the members keep their own, as they "can still move"
//     within 2" of it.
//   - Units (setup option units=in|cm): the rules keep tenths of an inch;
//     every distance shown (movement, throwing range, areas) is in the
//     chosen unit, and distances are entered in tenths of an inch, or in
//     millimetres with units=cm. The living world's table instructions
//     (Rotter moves, the 10" ranges, spawn places) are in whole
//     centimetres with units=cm, rounded to the nearest (half up), as a
//     player reads a tape measure: 4" → 10 cm, 5" → 13 cm, 10" → 25 cm
//     (npc.FormatDistance; never more than 5 mm off, well inside how
//     precisely a Rotter is moved).
//   - Every lurker that wakes has an ID ("3-2": the second of Environment
//     phase 3) carried by its instruction (with whether it was spotted),
//     by the lurker entry the console makes for an unseen one and by its
//     rolled attack. The unseen one's instruction says its attack is
//     already entered and the attacks step names it to leave out (the old
//     text told the players to enter it, a second attack); the spotted
//     one's attack is entered by the players with the others.
//
// # Not yet done
//
// The 2" coherency of cohorts is left to the players (the engine does
// not track inches);
// characters moving through a grenade's area later are entered by the
// players in the next Environment phase like anyone caught. The
// scenarios' own objectives are marked by the players, never judged by
// the engine. The GUI highlight of the living world's target is the GUI's.
package landsofruin

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin/content"
	"github.com/commandconsole/commandconsole/games/landsofruin/rules"
)

// ID is the system id Lands of Ruin registers under.
const ID = "landsofruin"

// Modes of play (the setup option "mode").
const (
	// ModeBasic: cover is one state, no criticals, morale always normal.
	ModeBasic = "basic"
	// ModeAdvanced: light and heavy cover, criticals on a natural 20, the
	// morale pool.
	ModeAdvanced = "advanced"
)

// Default setup choices.
const (
	DefaultScenario = "fight-to-the-death"
	DefaultMap      = "crossroads"
)

// Phases of the game, as the View reports them.
const (
	PhaseSetup       = "setup"
	PhasePreGame     = "pre-game"
	PhaseAction      = "action"
	PhaseSync        = "sync"
	PhaseCommand     = "command"
	PhaseEnvironment = "environment"
	PhaseObjectives  = "objectives"
	PhaseOver        = "over"
)

// AppRoll is the roll command's d20 value that lets the app roll the
// attack's dice with the game's own (seeded, recorded) dice.
const AppRoll = "app"

// Command names.
const (
	CmdChooseRole   = "choose-role"
	CmdChooseSide   = "choose-side"
	CmdChooseTeam   = "choose-team"
	CmdReady        = "ready"
	CmdInfiltrate   = "infiltrate"
	CmdEndPhase     = "end-phase"
	CmdAssign       = "assign"
	CmdUnassign     = "unassign"
	CmdMove         = "move"
	CmdPerform      = "perform"
	CmdAttack       = "attack"
	CmdRoll         = "roll"
	CmdCancelAttack = "cancel-attack"
	CmdProposeEnd   = "propose-end"
	CmdAgreeEnd     = "agree-end"
	CmdRefuseEnd    = "refuse-end"
	CmdMarkObj      = "mark-objective"
	CmdRotterAttack = "rotter-attack"
	CmdRequestUndo  = "request-undo"
	CmdApproveUndo  = "approve-undo"
	CmdDenyUndo     = "deny-undo"
	CmdShortcut     = "shortcut"
)

// Bounds on entered numbers, far beyond any table.
const (
	maxDistance = 2000 // tenths of an inch: 200"
	maxEntered  = 6000 // an entered distance, in tenths of an inch or millimetres
	maxListLen  = 40
)

// Units of the setup option "units": distances are shown, and entered, in
// inches (tenths of an inch) or centimetres (millimetres); the rules keep
// tenths of an inch.
const (
	UnitsInches = "in"
	UnitsCM     = "cm"
)

// loaded is the rules tables and the content, loaded once.
type loaded struct {
	rd   *rules.Data
	cont *content.Content
	team content.Data
}

var loadData = sync.OnceValues(func() (*loaded, error) {
	rd, err := rules.Default()
	if err != nil {
		return nil, fmt.Errorf("landsofruin: rules data: %w", err)
	}
	c, err := content.Default()
	if err != nil {
		return nil, fmt.Errorf("landsofruin: content: %w", err)
	}
	return &loaded{rd: rd, cont: c, team: content.Data{Content: c, Catalog: content.RulesCatalog(rd)}}, nil
})

// data returns the loaded tables; they are embedded and tested, so failing
// to load them is a broken build.
func data() *loaded {
	d, err := loadData()
	if err != nil {
		panic(err)
	}
	return d
}

// Rules is Lands of Ruin's rule set; it implements console.Rules and keeps
// no game state of its own.
type Rules struct {
	// planner decides the Rotters' movement and spawns (see Planner);
	// nil: the living world (world.go) does.
	planner Planner
}

var _ console.Rules = (*Rules)(nil)

// New returns Lands of Ruin's rules, for the registry; the Rotters are run by
// the living world (world.go).
func New() *Rules { return &Rules{} }

func scenarioIDs() []string {
	var out []string
	for _, s := range data().rd.Scenarios {
		out = append(out, s.ID)
	}
	return out
}

func mapIDs() []string {
	var out []string
	for _, m := range data().cont.Maps {
		out = append(out, m.ID)
	}
	return out
}

// Info describes the system and its setup options.
func (*Rules) Info() console.SystemInfo {
	return console.SystemInfo{
		ID:       ID,
		Name:     "Lands of Ruin",
		Kind:     console.KindMiniature,
		MinSeats: 1,
		MaxSeats: 4,
		Doc: "The Lands of Ruin Command Console: scenario, roles, teams and turn order; action points, movement, " +
			"ranged and close-combat attacks, secret damage resolution, suppression, morale and hidden characters.",
		Options: []console.ArgSpec{
			{Name: "scenario", Kind: console.ArgEnum, Enum: scenarioIDs(), Default: DefaultScenario, Doc: "the scenario to play"},
			{Name: "map", Kind: console.ArgEnum, Enum: mapIDs(), Default: DefaultMap, Doc: "the table layout (map sections)"},
			{Name: "mode", Kind: console.ArgEnum, Enum: []string{ModeAdvanced, ModeBasic}, Default: ModeAdvanced,
				Doc: "advanced: light/heavy cover, criticals and morale; basic: one cover state, no criticals, morale always normal"},
			{Name: "units", Kind: console.ArgEnum, Enum: []string{UnitsInches, UnitsCM}, Default: UnitsInches,
				Doc: "in: distances shown in inches and entered in tenths of an inch; cm: shown in centimetres and entered in millimetres"},
		},
		Playable: true,
	}
}

// Commands lists the command vocabulary.
func (*Rules) Commands() []console.CommandSpec {
	return append([]console.CommandSpec(nil), commandSpecs...)
}

var commandSpecs = buildCommands()

func buildCommands() []console.CommandSpec {
	char := console.ArgSpec{Name: "character", Kind: console.ArgString, Required: true, MaxLen: 60,
		Doc: "one of your characters, by id (\"p1-dorian\") or, when it is unique, by its short id (\"dorian\")"}
	action := console.ArgSpec{Name: "action", Kind: console.ArgString, Required: true, MaxLen: 40,
		Doc: "an action id from the actions table (\"aim-and-shoot\", \"take-cover\")"}
	section := console.ArgSpec{Name: "section", Kind: console.ArgString, Required: true, MaxLen: 40,
		Doc: "a section of the map, by id (\"crossing\"), or \"off-table\""}
	list := func(name, doc string) console.ArgSpec {
		return console.ArgSpec{Name: name, Kind: console.ArgString, MaxLen: 400, Doc: doc}
	}
	return append([]console.CommandSpec{
		{Name: CmdChooseRole, Version: 1, Args: []console.ArgSpec{{Name: "role", Kind: console.ArgString, Required: true, MaxLen: 40,
			Doc: "a role of the scenario (\"player\" in Fight to the Death)"}},
			Doc: "Choose your role in the scenario.", When: "setup"},
		{Name: CmdChooseSide, Version: 1, Args: []console.ArgSpec{{Name: "side", Kind: console.ArgEnum, Required: true,
			Enum: []string{"south", "north", "east", "west"}, Doc: "the table side you sit at (the map says which it offers)"}},
			Doc: "Choose your table side; your characters enter from that edge.", When: "setup"},
		{Name: CmdChooseTeam, Version: 1, Args: []console.ArgSpec{
			{Name: "team", Kind: console.ArgString, MaxLen: 60,
				Doc: "a pre-made team id (\"dorians-detachment\"); give team or team-json"},
			{Name: "team-json", Kind: console.ArgString, MaxLen: MaxTeamJSON,
				Doc: "your own team as JSON: {\"id\",\"name\",\"tribe\",\"members\":[{\"character\",\"count\"}],\"characters\":[your characters]} " +
					"(ccctl do … choose-team roster=NAME fills it from your roster); checked like a pre-made team, and recorded whole"}},
			Doc: "Choose your team, pre-made or your own; it must be within your role's maximum gear value.", When: "setup"},
		{Name: CmdReady, Version: 1,
			Doc: "Say you are ready: at setup when role, side and team are chosen (the game starts when everyone is); " +
				"in the pre-game when your infiltrators are placed; at the end when your objectives are marked.",
			When: "setup, pre-game, or the objectives at the end"},
		{Name: CmdInfiltrate, Version: 1, Args: []console.ArgSpec{char, section},
			Doc: "Place a hidden infiltrator secretly in a map section; only you see where.", When: "pre-game, for your hidden characters"},
		{Name: CmdEndPhase, Version: 1,
			Doc:  "End the current phase: Action → Sync → Command (damage is resolved) → Environment → the next player's Action phase.",
			When: "battle, the current player"},
		{Name: CmdAssign, Version: 1, Args: []console.ArgSpec{char, action},
			Doc: "Assign an action for the next Action phase; its cost comes off the character's action points.", When: "your Command phase"},
		{Name: CmdUnassign, Version: 1, Args: []console.ArgSpec{char, action},
			Doc: "Take back an assigned action.", When: "your Command phase"},
		{Name: CmdMove, Version: 1, Args: []console.ArgSpec{char, section,
			{Name: "difficult", Kind: console.ArgBool, Doc: "its path went over an obstacle or through difficult terrain: its movement is halved for the turn (the section may then be the one it stands in)"}},
			Doc:  "Tell the console which map section a character stands in after moving it on the table (measure its movement allowance there).",
			When: "your Action or Sync phase"},
		{Name: CmdPerform, Version: 1, Args: []console.ArgSpec{char, action,
			{Name: "target", Kind: console.ArgString, MaxLen: 60, Doc: "the friendly character an action such as first aid is for; for reveal-enemy, the section where your team detected a hidden enemy"}},
			Doc: "Perform an assigned action that is not an attack (take cover, first aid, reveal …).", When: "your Action phase"},
		{Name: CmdAttack, Version: 1, Args: []console.ArgSpec{char,
			{Name: "weapon", Kind: console.ArgString, Required: true, MaxLen: 40, Doc: "the weapon id (\"vz-99-v\")"},
			{Name: "mode", Kind: console.ArgString, Required: true, MaxLen: 40, Doc: "the weapon mode id (\"focus-fire\")"},
			{Name: "targets", Kind: console.ArgString, Required: true, MaxLen: 400, Doc: "the enemy characters attacked, comma separated; the first is the main target"},
			list("distances", "ranged: the distance in tenths of the game's unit (tenths of an inch, or millimetres with units=cm) from the attacker to each target, comma separated (\"120,140\")"),
			list("spread", "ranged, several targets: the distance in tenths of the unit from the first target to each further target (within 5\")"),
			list("cover", "each target's cover, comma separated: none, cover (basic), light or heavy (advanced); none by default"),
			{Name: "action", Kind: console.ArgString, MaxLen: 40, Doc: "the assigned attack action performed, when the character has more than one"},
		},
			Doc:  "Declare an attack with an assigned shoot, aim-and-shoot or close-combat action: the console shows the d20 score needed per target.",
			When: "your Action phase"},
		{Name: CmdRoll, Version: 1, Args: []console.ArgSpec{{Name: "d20", Kind: console.ArgString, Required: true, MaxLen: 200,
			Doc: "the d20 rolled for each target of the declared attack, in order, comma separated (\"14,3\"); \"app\" lets the app roll them with the game's dice"}},
			Doc:  "Enter the dice rolled for the declared attack: ammunition is spent, suppression applied, hits become unresolved hits.",
			When: "your Action phase, after attack"},
		{Name: CmdCancelAttack, Version: 1, Doc: "Drop the declared attack before rolling; nothing is spent.", When: "your Action phase, after attack"},
		{Name: CmdProposeEnd, Version: 1, Doc: "Propose to end the game; every other player must agree.", When: "during the battle"},
		{Name: CmdAgreeEnd, Version: 1, Doc: "Agree to end the game. When everyone has, outstanding hits are resolved and each player marks their objectives.",
			When: "after propose-end"},
		{Name: CmdRefuseEnd, Version: 1, Doc: "Refuse the proposal to end the game.", When: "after propose-end"},
		{Name: CmdMarkObj, Version: 1, Args: []console.ArgSpec{
			{Name: "objective", Kind: console.ArgString, Required: true, MaxLen: 40, Doc: "an objective of your role (\"eradicate\")"},
			{Name: "count", Kind: console.ArgInt, Min: console.Bounds(0), Max: console.Bounds(99), Default: "1", Doc: "times achieved; 0 to unmark"}},
			Doc: "Mark an objective of your role as achieved.", When: "the objectives step at the end"},
		{Name: CmdRotterAttack, Version: 1, Args: []console.ArgSpec{
			{Name: "character", Kind: console.ArgString, Required: true, MaxLen: 60, Doc: "the character the Rotters attack (any player's, visible on the table)"},
			{Name: "kind", Kind: console.ArgString, MaxLen: 20, Default: "normal", Doc: "the Rotter kind: normal (Shambler), fast (Rager) or fat (Veteran)"},
			{Name: "count", Kind: console.ArgInt, Min: console.Bounds(0), Max: console.Bounds(20), Default: "1",
				Doc: "how many Rotters of the kind attack the character; 0 removes the entry"}},
			Doc: "Enter the Rotters in base contact with a character; the console rolls their attacks when the Environment phase ends " +
				"(d20 ≥ 8 + the character's defence against Rotters hits).",
			When: "the Environment phase, any player"},
		{Name: CmdRequestUndo, Version: 1, Args: []console.ArgSpec{{Name: "what", Kind: console.ArgString, Enum: []string{"command", "phase"}, MaxLen: 10,
			Doc: "command: take back your last command, which other players saw; phase: undo the last phase change; by default your last command when it can be taken back, else the phase change"}},
			Doc:  "Ask to take back your last command, or to undo the last phase change (back to the Action or Command phase as it was ended); every other player must approve.",
			When: "after your own command others saw, any player; the Sync or Environment phase, the current player (phase)"},
		{Name: CmdApproveUndo, Version: 1, Doc: "Approve the requested undo; when everyone has, the command is taken back or the game returns to the phase that was ended.",
			When: "after request-undo, the other players"},
		{Name: CmdDenyUndo, Version: 1, Doc: "Deny the requested undo (the asker may withdraw it the same way).", When: "after request-undo"},
		{Name: CmdShortcut, Version: 1, Args: []console.ArgSpec{{Name: "shortcut", Kind: console.ArgString, Required: true, MaxLen: 40,
			Doc: "a team quick shortcut: hold-the-line (aim and shoot), open-fire (shoot) or charge (close combat)"}},
			Doc:  "Reset the assigned actions of every character of your team on the table and up to the shortcut's action, where the rules allow it.",
			When: "your Command phase"},
	}, throwSpecs(char, section)...)
}

// errWrongState is returned when the engine hands the rules a state that is
// not a Lands of Ruin game.
var errWrongState = errors.New("landsofruin: state is not a Lands of Ruin game")

func asState(s console.State) (*state, error) {
	g, ok := s.(*state)
	if !ok || g == nil {
		return nil, fmt.Errorf("%w (got %T)", errWrongState, s)
	}
	return g, nil
}

// New builds a game at the setup step.
func (r *Rules) New(setup console.Setup) (console.State, error) {
	if setup.System != "" && setup.System != ID {
		return nil, fmt.Errorf("setup is for system %q, not %q", setup.System, ID)
	}
	if err := console.CheckSeats(r.Info(), setup.Seats); err != nil {
		return nil, err
	}
	opts, err := console.SetupOptions(r.Info(), setup)
	if err != nil {
		return nil, err
	}
	sc := data().rd.Scenario(opts.String("scenario"))
	m, _ := data().cont.Map(opts.String("map"))
	g := &state{Scenario: sc.ID, Map: m.ID, Advanced: opts.String("mode") == ModeAdvanced, Phase: PhaseSetup,
		Players: []player{}, Chars: []character{}, Order: []int{}}
	if opts.String("units") == UnitsCM {
		g.Units = UnitsCM
	}
	for i, seat := range setup.Seats {
		p := player{Seat: string(seat), Number: i + 1}
		if len(sc.Roles) == 1 {
			p.Role = sc.Roles[0].ID
		}
		g.Players = append(g.Players, p)
	}
	return g, nil
}

// splitList splits a comma-separated argument, trimming blanks.
func splitList(s string) []string {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	parts := strings.Split(s, ",")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}
