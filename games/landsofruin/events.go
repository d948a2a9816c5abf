package landsofruin

import (
	"fmt"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/npc"
)

// Event types. They are stored in saves: never rename them.
const (
	EventRoleChosen      = "role-chosen"
	EventSideChosen      = "side-chosen"
	EventTeamChosen      = "team-chosen"
	EventReady           = "ready"
	EventGameStarted     = "game-started"
	EventInfiltrated     = "infiltrated"
	EventActionPhase     = "action-phase"
	EventPhaseEnded      = "phase-ended"
	EventResolution      = "damage-resolved"
	EventAssigned        = "action-assigned"
	EventUnassigned      = "action-unassigned"
	EventMoved           = "character-moved"
	EventPerformed       = "action-performed"
	EventAttackDeclared  = "attack-declared"
	EventAttackCancelled = "attack-cancelled"
	EventAttackResolved  = "attack-resolved"
	EventEndProposed     = "end-proposed"
	EventEndAgreed       = "end-agreed"
	EventEndRefused      = "end-refused"
	EventObjectiveMarked = "objective-marked"
	EventGameEnded       = "game-ended"
	EventEnvEntry        = "environment-entry"
	EventEnvResolved     = "environment-resolved"
	EventEnvPlanned      = "environment-planned"
	EventUndoRequested   = "phase-undo-requested"
	EventUndoApproved    = "phase-undo-approved"
	EventUndoDenied      = "phase-undo-denied"
	EventPhaseRewound    = "phase-rewound"
	EventShortcut        = "shortcut-assigned"
	// Throwables (throwables.go).
	EventThrown             = "thrown"
	EventThrowablesAdvanced = "throwables-advanced"
	EventRottersCaught      = "rotters-caught"
)

// Choice is the payload of role-chosen, side-chosen and team-chosen. For a
// player's own team (choose-team team-json=…), Custom holds the whole
// checked team with its characters, so the game never reads a roster.
type Choice struct {
	Player    int         `msgpack:"player"`
	Value     string      `msgpack:"value"`
	Name      string      `msgpack:"name,omitempty"`
	GearValue int         `msgpack:"gear_value,omitempty"`
	Custom    *CustomTeam `msgpack:"custom,omitempty"`
}

// Ready is the payload of ready.
type Ready struct {
	Player int `msgpack:"player"`
}

// GameStarted is the payload of game-started: the turn order (player
// indexes), whether it was drawn at random within equal priorities, and
// every character as built from the teams.
type GameStarted struct {
	Order []int       `msgpack:"order"`
	Drawn bool        `msgpack:"drawn,omitempty"`
	Chars []character `msgpack:"chars"`
	// World is the Rotter living world made for the game (world.go; the
	// host's record, never shown) and Deployment the public pre-game
	// Rotters; both nil for a game with a Planner.
	World      *npc.World      `msgpack:"world,omitempty"`
	Deployment *npc.Deployment `msgpack:"deployment,omitempty"`
}

// Infiltrated is the payload of infiltrated: a hidden character placed
// secretly; only its owner is told.
type Infiltrated struct {
	Char    string `msgpack:"char"`
	Section string `msgpack:"section"`
}

// Prep is one character's preparation at the start of its owner's Action
// phase.
type Prep struct {
	Char   string `msgpack:"char"`
	MoveAP int    `msgpack:"move_ap"`
	Pool   int    `msgpack:"pool"`
}

// Detection is one detection roll: Spotter (of the incoming player)
// against a hidden character in the same section.
type Detection struct {
	Spotter string `msgpack:"spotter"`
	Hidden  string `msgpack:"hidden"`
	Section string `msgpack:"section"`
	Roll    int    `msgpack:"roll"`
	Need    int    `msgpack:"need"`
	Success bool   `msgpack:"success,omitempty"`
}

// ActionPhase is the payload of action-phase: Player's Action phase begins
// in Turn; characters are prepared and the detection rolls made.
type ActionPhase struct {
	Player     int         `msgpack:"player"`
	Index      int         `msgpack:"index"`
	Turn       int         `msgpack:"turn"`
	Prep       []Prep      `msgpack:"prep"`
	Detections []Detection `msgpack:"detections,omitempty"`
}

// PhaseEnded is the payload of phase-ended (Action → Sync, Command →
// Environment).
type PhaseEnded struct {
	Player int    `msgpack:"player"`
	From   string `msgpack:"from"`
	To     string `msgpack:"to"`
	// Mark is the whole state as it stood when the phase was ended
	// (console.Encode form, without its own mark), made by Decide, so
	// Apply keeps it as bytes instead of copying the state (undo.go).
	// Empty in events recorded before it existed: Apply then copies the
	// state as it did.
	Mark []byte `msgpack:"mark,omitempty"`
}

// Advance is one effect's per-turn advance: its d2 (0 when none is rolled)
// and what became of it.
type Advance struct {
	Effect  string `msgpack:"effect"`
	D2      int    `msgpack:"d2,omitempty"`
	Outcome string `msgpack:"outcome"`
}

// CharResolution is what damage resolution did to one character: the
// effects advanced, the hits resolved, and its effects and modifiers after.
type CharResolution struct {
	Char      string     `msgpack:"char"`
	Advances  []Advance  `msgpack:"advances,omitempty"`
	Results   []result   `msgpack:"results,omitempty"`
	Effects   []effect   `msgpack:"effects"`
	Modifiers []modifier `msgpack:"modifiers"`
	// NewHits are the unresolved hits the character starts with again:
	// frenzy's self-inflicted hit (§6).
	NewHits []hit `msgpack:"new_hits,omitempty"`
}

// TeamMorale is a team's morale after its evaluation.
type TeamMorale struct {
	Player int    `msgpack:"player"`
	E      int    `msgpack:"e"`
	Pool   int    `msgpack:"pool"`
	Morale int    `msgpack:"morale"`
	Leader string `msgpack:"leader,omitempty"`
	Second string `msgpack:"second,omitempty"`
	// Negative is the tally carried into the next evaluation (the chart's
	// morale losses of this resolution).
	Negative int `msgpack:"negative"`
	// Panicked: the team panicked in this evaluation, so the game is over
	// for the player (public: everyone is told).
	Panicked bool `msgpack:"panicked,omitempty"`
}

// Resolution is the payload of damage-resolved: at the start of Player's
// Command phase (or, Final, for every team when the game ends).
type Resolution struct {
	Player int              `msgpack:"player"`
	Turn   int              `msgpack:"turn"`
	Final  bool             `msgpack:"final,omitempty"`
	Teams  []TeamMorale     `msgpack:"teams"`
	Chars  []CharResolution `msgpack:"chars"`
}

// ActionRef is the payload of action-assigned and action-unassigned.
type ActionRef struct {
	Char   string `msgpack:"char"`
	Action string `msgpack:"action"`
	// Also are the hero's close-support members assigned (or unassigned)
	// the action with it.
	Also []string `msgpack:"also,omitempty"`
}

// Moved is the payload of character-moved. Difficult: the path went over
// an obstacle or through difficult terrain (the turn's movement is halved).
type Moved struct {
	Char string `msgpack:"char"`
	From string `msgpack:"from"`
	To   string `msgpack:"to"`
	// Difficult is set when the path was difficult.
	Difficult bool `msgpack:"difficult,omitempty"`
}

// Performed is the payload of action-performed: the character's and the
// target's effects after it, and whether it revealed the character.
type Performed struct {
	Char          string   `msgpack:"char"`
	Action        string   `msgpack:"action"`
	Target        string   `msgpack:"target,omitempty"`
	Effects       []effect `msgpack:"effects"`
	TargetEffects []effect `msgpack:"target_effects,omitempty"`
	ClearWounds   bool     `msgpack:"clear_wounds,omitempty"`
	Revealed      bool     `msgpack:"revealed,omitempty"`
	Assigned      bool     `msgpack:"assigned,omitempty"`
}

// AttackDeclared is the payload of attack-declared.
type AttackDeclared struct {
	Attack   attack `msgpack:"attack"`
	Revealed bool   `msgpack:"revealed,omitempty"`
}

// AttackResolved is the payload of attack-resolved: the d20 per target and
// what each did.
type AttackResolved struct {
	Rolls    []int    `msgpack:"rolls"`
	Outcomes []string `msgpack:"outcomes"`
	Powers   []int    `msgpack:"powers"`
	Rounds   int      `msgpack:"rounds"`
	// Absorbed names, per target, the cohort member that took the hit on
	// its hero instead (it dies; "" none) and AbsorbRolls the
	// close-support d100 (0 none); both nil when no target had a cohort.
	Absorbed    []string `msgpack:"absorbed,omitempty"`
	AbsorbRolls []int    `msgpack:"absorb_rolls,omitempty"`
	// AppRolled: the app rolled the d20s (roll d20=app), with the game's
	// dice.
	AppRolled bool `msgpack:"app_rolled,omitempty"`
}

// EndVote is the payload of end-proposed, end-agreed and end-refused.
type EndVote struct {
	Player int `msgpack:"player"`
}

// ObjectiveMarked is the payload of objective-marked.
type ObjectiveMarked struct {
	Player    int    `msgpack:"player"`
	Objective string `msgpack:"objective"`
	Count     int    `msgpack:"count"`
}

// GameEnded is the payload of game-ended: the placements.
type GameEnded struct {
	Placements []console.Placement `msgpack:"placements"`
}

// mk makes one event, with the barrier flag.
func mk(typ string, data any, barrier bool) (console.Event, error) {
	e, err := console.NewEvent(typ, data)
	if err != nil {
		return e, fmt.Errorf("landsofruin: %w", err)
	}
	e.Barrier = barrier
	return e, nil
}

// events collects events, keeping the first error.
type events struct {
	out []console.Event
	err error
}

func (es *events) add(typ string, data any, barrier bool) {
	if es.err != nil {
		return
	}
	e, err := mk(typ, data, barrier)
	if err != nil {
		es.err = err
		return
	}
	es.out = append(es.out, e)
}

func (es *events) done() ([]console.Event, error) {
	if es.err != nil {
		return nil, es.err
	}
	return es.out, nil
}
