// Package battlelore is the score pad and state pad for BattleLore Second
// Edition (Fantasy Flight Games, 2013), a two-player game of the Daqan Lords
// against the Uthuk Y'llan. The figures, dice and cards stay on the table;
// the pad keeps the victory points, lore, hands, the units' strength, whose
// turn and which step it is, and notices when somebody has won.
//
// # Seats and factions
//
// A game has exactly two seats, the two players. The setup options daqan and
// uthuk say which seat plays which faction; by default the first seat plays
// the Daqan and the second the Uthuk (name one and the other seat takes the
// other faction). A seat acts for its own faction: only the active player
// walks through the turn's steps, only a faction's player chooses its
// scenario card, musters its army, gains and spends its lore or concedes.
// The units roster (damage, heal, set-health) and the counter corrections
// (adjust) are open to both seats, because the opponent often removes the
// figures it hit; every such change names its seat in the history.
//
// # Two ways to set up
//
// The learning scenario (option mode=learning, rulebook p. 5) starts at
// once: the Uthuk play first, the armies are the learning units (Citadel
// Guard and Yeoman Archers against Blood Harvesters and Viper Legion, three
// figures a hex), four command cards each, three 2-VP banners, no lore cards
// and no Lore step; lore tokens buy victory points, 4 for 1, in the VP step.
//
// A full game (mode=full, the default; pp. 14–19) begins with setup: each
// player enters the scenario card they reveal (its initiative indicator and
// banner values); once both are in, the first player follows from the
// indicators, letter first and then number, or is drawn at random on a tie,
// and the draw is recorded in the event. Then each player musters an army
// with the muster calculator (50 muster points, 55 with a command tent,
// exactly 18 deployment cards with decoys filling the rest, one lore token
// per unspent point up to 5) or takes an army card. Once both armies are in
// they are revealed, the rosters are built, each hand is set to four command
// and two lore cards, and turn 1 begins.
//
// # Hidden information
//
// Scenario cards and armies are chosen in secret and revealed together. Until
// both are in, the opponent's and the public view show only that a choice was
// made, and the history says no more. The reveal is an undo barrier: once a
// player has seen the other's card or army, the command that revealed it
// cannot be taken back.
//
// # Turns
//
// Each turn is the active player's Main phase, kept as a checklist (Command,
// Order, Move, Attack step), then the Upkeep phase: the VP step (the player
// enters the VP earned for the banner hexes held), the Draw step (one command
// card) and the Lore step (2 lore tokens; or 1 token and 1 card; or 2 cards
// then discard 1; at most 4 lore cards in hand after it). At the start of
// every first-player turn the pad checks for a winner: 16 or more VP and more
// than the opponent. A side whose last unit is eliminated loses at once.
//
// # Undo
//
// A seat may undo only its own last command (the opponent undoes theirs
// first); the reveals of scenario cards and armies can never be undone. This
// keeps undo to a player's own slips and never lets a player retract what
// the other has already reacted to.
//
// # Decisions where the rulebook is unclear
//
//   - The learning exchange of 4 lore for 1 VP may be made several times in
//     one VP step, as long as the lore lasts (the rulebook says "may exchange
//     4 lore tokens for 1 VP token" without a limit).
//   - Victory points are entered as a number in the VP step: the pad does not
//     know which banner hexes are held. It refuses more than every banner on
//     the board is worth (the learning scenario's three 2-VP banners, or the
//     banner values entered with both scenario cards), so a typo such as 60
//     cannot win the game. Out-of-step points (a command tent's VP for the
//     opponent, a scenario rule) go through adjust.
//   - The mustering example's lines read muster value × cards ("Yeoman
//     Archers: 4 x 3" is three cards at 4 points): only that reading gives
//     its 12 cards and fits the box's three Riverwatch Riders cards.
//   - The rulebook's mustering example counts its command tent as −5 muster
//     points against 50; the pad shows the same total and the 50 limit, and
//     it counts the example's 12 cards as 11 unit cards plus the tent.
//   - Each player has 11 decoys, so an army needs at least 7 unit or terrain
//     cards; the pad refuses fewer.
//   - Unit costs and legend health that the rulebook does not print are
//     estimates, marked in UnitTypes; set-health corrects a unit in play.
//   - The army cards in the box are not printed in the rulebook; the army-card
//     command offers Command Console presets worth 50 points each.
//   - One lore card per turn is enforced per player and per turn number,
//     whoever's turn it is.
//   - The full setup's hands (draw 6 command and 3 lore cards, put back 2
//     and 1) are set to 4 and 2 when the armies are revealed; lore cards
//     beyond 4 at the end of the Lore step are discarded by count, the
//     player choosing which at the table.
//   - "Choose faction randomly" when both want the same faction is left to
//     the players: the setup options name the seats.
package battlelore

import (
	"errors"
	"fmt"
	"strings"

	"github.com/commandconsole/commandconsole/console"
)

// ID is the system id BattleLore registers under.
const ID = "battlelore"

// Setup option values of "mode".
const (
	ModeLearning = "learning"
	ModeFull     = "full"
)

// Command names.
const (
	CmdScenario        = "scenario"
	CmdMuster          = "muster"
	CmdArmyCard        = "army-card"
	CmdPlayCommandCard = "play-command-card"
	CmdNextStep        = "next-step"
	CmdScoreVP         = "score-vp"
	CmdDrawCommandCard = "draw-command-card"
	CmdLoreStep        = "lore-step"
	CmdDamage          = "damage"
	CmdHeal            = "heal"
	CmdSetHealth       = "set-health"
	CmdGainLore        = "gain-lore"
	CmdPlayLoreCard    = "play-lore-card"
	CmdAdjust          = "adjust"
	CmdConcede         = "concede"
)

// Steps of the game. The two setup steps come only in a full game; the
// seven turn steps make up each turn, the first four the Main phase and the
// last three the Upkeep phase.
const (
	StepScenario = "scenario"
	StepMuster   = "muster"
	StepCommand  = "command"
	StepOrder    = "order"
	StepMove     = "move"
	StepAttack   = "attack"
	StepVP       = "vp"
	StepDraw     = "draw"
	StepLore     = "lore"
)

// Phases, as the View reports them.
const (
	PhaseSetup  = "setup"
	PhaseMain   = "main"
	PhaseUpkeep = "upkeep"
	PhaseOver   = "over"
)

// turnSteps are the steps of a turn, in order.
var turnSteps = []string{StepCommand, StepOrder, StepMove, StepAttack, StepVP, StepDraw, StepLore}

// Lore step choices (p. 12), the values of lore-step's choice argument.
const (
	// LoreChoiceTokens: gain two lore tokens.
	LoreChoiceTokens = "tokens"
	// LoreChoiceTokenAndCard: gain one lore token and draw one lore card.
	LoreChoiceTokenAndCard = "token-and-card"
	// LoreChoiceTwoCards: draw two lore cards, then discard one.
	LoreChoiceTwoCards = "two-cards"
)

// Counters of a side, the values of the adjust command's counter argument
// (and of CounterChanged.Counter).
const (
	// CounterVP: victory points.
	CounterVP = "vp"
	// CounterLoreTokens: lore tokens.
	CounterLoreTokens = "lore-tokens"
	// CounterLoreCards: lore cards in hand.
	CounterLoreCards = "lore-cards"
	// CounterCommandCards: command cards in hand.
	CounterCommandCards = "command-cards"
)

// Counters returns the counters of a side, in the order the adjust command
// lists them: CounterVP, CounterLoreTokens, CounterLoreCards,
// CounterCommandCards. The slice is the caller's.
func Counters() []string {
	return []string{CounterVP, CounterLoreTokens, CounterLoreCards, CounterCommandCards}
}

// End reasons.
const (
	// EndVictoryPoints: 16 or more VP and more than the opponent at the
	// start of a first-player turn.
	EndVictoryPoints = "victory-points"
	// EndEliminated: every unit of the loser was eliminated.
	EndEliminated = "eliminated"
	// EndConceded: the loser conceded.
	EndConceded = "conceded"
)

// Bounds of the pad's numbers, far beyond any real game, so a typo cannot
// run a counter away.
const (
	maxCounter = 999
	maxVPEntry = 60
	maxHealth  = 20
	maxTurns   = 2000
	maxName    = 60
)

// scenario is one side's scenario card.
type scenario struct {
	Name       string `msgpack:"name"`
	Initiative string `msgpack:"initiative"`
	Banners    []int  `msgpack:"banners"`
}

// unit is one unit on the roster.
type unit struct {
	ID     string `msgpack:"id"`
	Type   string `msgpack:"type"`
	Name   string `msgpack:"name"`
	Legend bool   `msgpack:"legend,omitempty"`
	Health int    `msgpack:"health"`
	// Lost counts the figures removed (not legends); Damage the damage
	// tokens (legends only).
	Lost   int `msgpack:"lost,omitempty"`
	Damage int `msgpack:"damage,omitempty"`
}

// figures is the number of figures left.
func (u *unit) figures() int {
	if u.Legend {
		if u.Damage >= u.Health {
			return 0
		}
		return 1
	}
	return max(u.Health-u.Lost, 0)
}

func (u *unit) eliminated() bool { return u.figures() == 0 }

// weak: reduced to one figure; never a legend (p. 9, p. 13).
func (u *unit) weak() bool { return !u.Legend && u.figures() == 1 }

// side is one faction's part of the state.
type side struct {
	Seat         string `msgpack:"seat"`
	VP           int    `msgpack:"vp"`
	LoreTokens   int    `msgpack:"lore_tokens"`
	LoreCards    int    `msgpack:"lore_cards"`
	CommandCards int    `msgpack:"command_cards"`
	// LoreCardTurn is the turn in which the side last used a lore card.
	LoreCardTurn int       `msgpack:"lore_card_turn,omitempty"`
	Scenario     *scenario `msgpack:"scenario,omitempty"`
	Army         *Army     `msgpack:"army,omitempty"`
	Units        []unit    `msgpack:"units"`
}

func (s *side) living() int {
	n := 0
	for i := range s.Units {
		if !s.Units[i].eliminated() {
			n++
		}
	}
	return n
}

// turnRecord is one turn's line of the score grid.
type turnRecord struct {
	Turn        int    `msgpack:"turn"`
	Side        int    `msgpack:"side"`
	CardPlayed  bool   `msgpack:"card_played,omitempty"`
	CommandCard string `msgpack:"command_card,omitempty"`
	VPScored    bool   `msgpack:"vp_scored,omitempty"`
	VP          int    `msgpack:"vp,omitempty"`
	Exchanged   int    `msgpack:"exchanged,omitempty"`
	LoreChoice  string `msgpack:"lore_choice,omitempty"`
}

// state is the whole game.
type state struct {
	Learning bool   `msgpack:"learning,omitempty"`
	Step     string `msgpack:"step"`
	// Turn is the turn number, from 1; 0 during setup.
	Turn int `msgpack:"turn"`
	// Active and First are faction indexes; First is -1 until known.
	Active int `msgpack:"active"`
	First  int `msgpack:"first"`
	// FirstBy says how the first player was decided: "learning",
	// "initiative" or "random".
	FirstBy string `msgpack:"first_by,omitempty"`
	Sides   []side `msgpack:"sides"`
	// Winner is the winning faction, -1 while the game goes on.
	Winner    int          `msgpack:"winner"`
	EndReason string       `msgpack:"end_reason,omitempty"`
	Turns     []turnRecord `msgpack:"turns"`
}

func (g *state) finished() bool { return g.Winner >= 0 }

// faction returns the faction a seat plays, or false.
func (g *state) faction(seat console.Seat) (Faction, bool) {
	for i, s := range g.Sides {
		if s.Seat == string(seat) {
			return Faction(i), true
		}
	}
	return 0, false
}

func (g *state) seats() []console.Seat {
	out := make([]console.Seat, len(g.Sides))
	for i, s := range g.Sides {
		out[i] = console.Seat(s.Seat)
	}
	return out
}

// who names a faction with its player: "Daqan (alice)".
func (g *state) who(f Faction) string {
	return fmt.Sprintf("%s (%s)", f.Name(), g.Sides[f].Seat)
}

// phase is the phase of the current step.
func (g *state) phase() string {
	switch {
	case g.finished():
		return PhaseOver
	case g.Step == StepScenario || g.Step == StepMuster:
		return PhaseSetup
	case g.Step == StepVP || g.Step == StepDraw || g.Step == StepLore:
		return PhaseUpkeep
	}
	return PhaseMain
}

func (g *state) battle() bool { return g.phase() == PhaseMain || g.phase() == PhaseUpkeep }

// current is the current turn's record.
func (g *state) current() *turnRecord {
	if len(g.Turns) == 0 {
		return nil
	}
	return &g.Turns[len(g.Turns)-1]
}

// findUnit finds a unit by id (or by name, any case, spaces for hyphens).
func (g *state) findUnit(ref string) (Faction, int, bool) {
	key := strings.ReplaceAll(strings.ToLower(strings.TrimSpace(ref)), " ", "-")
	for f := range g.Sides {
		for i, u := range g.Sides[f].Units {
			if u.ID == key {
				return Faction(f), i, true
			}
		}
	}
	return 0, 0, false
}

// Rules is BattleLore's rule set; it implements console.Rules and keeps no
// state of its own.
type Rules struct{}

var _ console.Rules = (*Rules)(nil)

// New returns BattleLore's rules, for the registry.
func New() *Rules { return &Rules{} }

// Info describes the system and its setup options.
func (*Rules) Info() console.SystemInfo {
	return console.SystemInfo{
		ID:       ID,
		Name:     "BattleLore Second Edition",
		Kind:     console.KindBoard,
		MinSeats: 2,
		MaxSeats: 2,
		Doc: "Score and state pad for BattleLore Second Edition, Daqan against Uthuk: scenario cards and first player, " +
			"the muster calculator, each turn's steps, victory points, lore, command cards, the units' strength and the win check.",
		Options: []console.ArgSpec{
			{Name: "mode", Kind: console.ArgEnum, Enum: []string{ModeFull, ModeLearning}, Default: ModeFull,
				Doc: "full: scenario cards and mustering; learning: the learning scenario, Uthuk first, lore only buys VP"},
			{Name: "daqan", Kind: console.ArgSeat,
				Doc: "the seat that plays the Daqan Lords; by default the first seat, or the seat uthuk does not name"},
			{Name: "uthuk", Kind: console.ArgSeat,
				Doc: "the seat that plays the Uthuk Y'llan; by default the second seat, or the seat daqan does not name"},
		},
		Playable: true,
	}
}

// Commands lists BattleLore's commands. The specs are built once; the
// slice is a copy.
func (*Rules) Commands() []console.CommandSpec {
	return append([]console.CommandSpec(nil), commandSpecs...)
}

// commandSpecs is the command vocabulary, in the order the View's Allowed
// lists it.
var commandSpecs = buildCommands()

func buildCommands() []console.CommandSpec {
	unitArg := console.ArgSpec{Name: "unit", Kind: console.ArgString, Required: true, MaxLen: 40,
		Doc: "the unit's id on the roster, as \"citadel-guard-2\" (its name, \"Citadel Guard 2\", works too)"}
	muster := []console.ArgSpec{}
	for _, u := range unitTypes {
		muster = append(muster, console.ArgSpec{Name: u.ID, Kind: console.ArgInt, Min: console.Bounds(0), Max: console.Bounds(u.Cards),
			Doc: fmt.Sprintf("%s deployment cards (%s, %d muster points each, at most %d)", u.Name, factionName(u.Faction), u.Cost, u.Cards)})
	}
	muster = append(muster, console.ArgSpec{Name: "command-tent", Kind: console.ArgBool, Default: "false",
		Doc: "include the command tent: 5 more muster points (55), and it takes one of the 18 cards"})
	return []console.CommandSpec{
		{Name: CmdScenario, Version: 1,
			Args: []console.ArgSpec{
				{Name: "letter", Kind: console.ArgEnum, Required: true, Enum: InitiativeLetters(),
					Doc: "the letter of the card's initiative indicator (the B of \"B2\")"},
				{Name: "number", Kind: console.ArgInt, Required: true, Min: console.Bounds(1), Max: console.Bounds(99),
					Doc: "the number of the card's initiative indicator (the 2 of \"B2\")"},
				{Name: "name", Kind: console.ArgString, MaxLen: maxName, Doc: "the scenario card's title, for the record"},
				{Name: "banners", Kind: console.ArgString, MaxLen: 20,
					Doc: "the values of the banner markers on the card, separated by commas (\"2,1\"); none when left out"},
			},
			Doc: "Enter the scenario card you reveal. It stays hidden from the opponent until both cards are in; " +
				"then the first player follows from the initiative indicators (letter, then number; a tie is drawn at random).",
			When: "full game, setup, before both scenario cards are revealed; each player for their own faction"},
		{Name: CmdMuster, Version: 1, Args: muster,
			Doc: "Muster your army: deployment cards per unit type and the command tent. The pad prices it (50 muster points, 55 with the tent), " +
				"fills it to 18 cards with decoys and gives a lore token per unspent point, up to 5. Hidden until both armies are in.",
			When: "full game, setup, after the scenario cards are revealed and before the armies are; each player for their own faction"},
		{Name: CmdArmyCard, Version: 1,
			Args: []console.ArgSpec{{Name: "army", Kind: console.ArgEnum, Required: true, Enum: armyCardIDs(),
				Doc: "the army card to take (one of your faction's)"}},
			Doc:  "Take a preset army instead of mustering: its units, its lore tokens and decoys to 18. Hidden until both armies are in.",
			When: "full game, setup, instead of muster; each player for their own faction"},
		{Name: CmdPlayCommandCard, Version: 1,
			Args: []console.ArgSpec{{Name: "card", Kind: console.ArgString, MaxLen: maxName, Doc: "the command card's title, for the history"}},
			Doc:  "Command step: play a command card from your hand (one fewer in hand); the Order step follows.",
			When: "the Command step of your turn"},
		{Name: CmdNextStep, Version: 1,
			Doc:  "Finish the Order, Move or Attack step and go on to the next; after the Attack step comes the Upkeep phase's VP step.",
			When: "the Order, Move or Attack step of your turn"},
		{Name: CmdScoreVP, Version: 1,
			Args: []console.ArgSpec{
				{Name: "vp", Kind: console.ArgInt, Required: true, Min: console.Bounds(0), Max: console.Bounds(maxVPEntry),
					Doc: "victory points earned: the values of the banner markers on hexes your units occupy (0 for none)"},
				{Name: "exchange", Kind: console.ArgInt, Min: console.Bounds(0), Max: console.Bounds(maxCounter / LearningLorePerVP), Default: "0",
					Doc: "learning scenario only: victory points bought with lore, 4 lore tokens each"},
			},
			Doc:  "VP step: take the victory points for the banner hexes you hold (and in the learning scenario buy VP with lore); the Draw step follows.",
			When: "the VP step of your turn"},
		{Name: CmdDrawCommandCard, Version: 1,
			Doc:  "Draw step: draw one command card. In the learning scenario the Lore step is skipped and your turn ends.",
			When: "the Draw step of your turn"},
		{Name: CmdLoreStep, Version: 1,
			Args: []console.ArgSpec{{Name: "choice", Kind: console.ArgEnum, Required: true, Enum: []string{LoreChoiceTokens, LoreChoiceTokenAndCard, LoreChoiceTwoCards},
				Doc: "tokens: 2 lore tokens; token-and-card: 1 token and 1 lore card; two-cards: draw 2 lore cards, then discard 1"}},
			Doc: "Lore step: replenish your lore with one of the three choices; lore cards beyond 4 are discarded. " +
				"Your turn ends, and at the start of each first-player turn the pad checks for a winner.",
			When: "the Lore step of your turn (full game)"},
		{Name: CmdDamage, Version: 1,
			Args: []console.ArgSpec{unitArg, {Name: "amount", Kind: console.ArgInt, Min: console.Bounds(1), Max: console.Bounds(maxHealth), Default: "1",
				Doc: "damage suffered: figures removed, or damage tokens for a legend"}},
			Doc: "A unit suffers damage: remove figures (a unit of one figure is weak), or place damage tokens on a legend; " +
				"at no figures, or tokens reaching its health, it is eliminated. A side with no units left loses at once.",
			When: "during the battle; either seat, for any unit"},
		{Name: CmdHeal, Version: 1,
			Args: []console.ArgSpec{unitArg, {Name: "amount", Kind: console.ArgInt, Min: console.Bounds(1), Max: console.Bounds(maxHealth), Default: "1",
				Doc: "figures returned, or damage tokens removed from a legend"}},
			Doc:  "Return figures to a unit or remove damage tokens from a legend (a card effect, or a correction); not for eliminated units.",
			When: "during the battle; either seat, for any unit still in play"},
		{Name: CmdSetHealth, Version: 1,
			Args: []console.ArgSpec{unitArg, {Name: "health", Kind: console.ArgInt, Required: true, Min: console.Bounds(1), Max: console.Bounds(maxHealth),
				Doc: "the health printed on the unit reference card"}},
			Doc:  "Correct a unit's health to its unit reference card (the pad estimates some units); figures lost and damage tokens stay.",
			When: "during the battle; either seat, for any unit still in play"},
		{Name: CmdGainLore, Version: 1,
			Args: []console.ArgSpec{{Name: "amount", Kind: console.ArgInt, Min: console.Bounds(1), Max: console.Bounds(50), Default: "1",
				Doc: "lore tokens gained"}},
			Doc:  "Take lore tokens from the supply: one per lore result in your combat roll, or from an ability.",
			When: "during the battle, in either player's turn; for your own faction"},
		{Name: CmdPlayLoreCard, Version: 1,
			Args: []console.ArgSpec{
				{Name: "cost", Kind: console.ArgInt, Min: console.Bounds(0), Max: console.Bounds(50), Default: "0", Doc: "the card's lore cost, in lore tokens"},
				{Name: "card", Kind: console.ArgString, MaxLen: maxName, Doc: "the lore card's title, for the history"},
			},
			Doc:  "Use a lore card: pay its lore cost and discard it. One lore card per player per turn.",
			When: "during the battle of a full game, in either player's turn, once per turn; for your own faction"},
		{Name: CmdAdjust, Version: 1,
			Args: []console.ArgSpec{
				{Name: "side", Kind: console.ArgEnum, Required: true, Enum: []string{"daqan", "uthuk"}, Doc: "the faction whose counter changes"},
				{Name: "counter", Kind: console.ArgEnum, Required: true, Enum: Counters(),
					Doc: "vp, lore-tokens, lore-cards or command-cards"},
				{Name: "by", Kind: console.ArgInt, Required: true, Min: console.Bounds(-maxCounter), Max: console.Bounds(maxCounter),
					Doc: "the change, negative to take away; the counter stays at 0 or more"},
			},
			Doc:  "Change a counter outside the steps: VP from a command tent or a scenario rule, cards from a card effect, or a correction.",
			When: "during the battle; either seat, for either faction"},
		{Name: CmdConcede, Version: 1,
			Doc:  "Concede the battle: the opponent wins.",
			When: "any time before the game is over; for your own faction"},
	}
}

// New builds the game from the setup: the learning scenario ready for the
// Uthuk's first turn, or a full game at the scenario step.
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
	seats, err := factionSeats(setup.Seats, opts)
	if err != nil {
		return nil, err
	}
	g := &state{First: -1, Winner: -1, Sides: make([]side, 2), Turns: []turnRecord{}}
	for f := range g.Sides {
		g.Sides[f] = side{Seat: string(seats[f]), Units: []unit{}}
	}
	if opts.String("mode") == ModeLearning {
		g.Learning = true
		for _, f := range Factions {
			a := learningArmyOf(f)
			s := &g.Sides[f]
			s.Army = &a
			s.Units = roster(a)
			s.CommandCards = LearningCommandCards
		}
		g.First, g.FirstBy = int(Uthuk), "learning"
		g.startTurn(1, Uthuk)
		return g, nil
	}
	g.Step = StepScenario
	return g, nil
}

// factionSeats maps the daqan and uthuk options to [Daqan seat, Uthuk seat].
func factionSeats(seats []console.Seat, opts console.Args) ([2]console.Seat, error) {
	d, u := console.Seat(opts.String("daqan")), console.Seat(opts.String("uthuk"))
	other := func(s console.Seat) console.Seat {
		if s == seats[0] {
			return seats[1]
		}
		return seats[0]
	}
	switch {
	case d != "" && u != "" && d == u:
		return [2]console.Seat{}, console.Reject("setup option: %q cannot play both Daqan and Uthuk", d)
	case d != "" && u == "":
		u = other(d)
	case u != "" && d == "":
		d = other(u)
	case d == "" && u == "":
		d, u = seats[0], seats[1]
	}
	return [2]console.Seat{d, u}, nil
}

// roster builds the units of an army, numbered per type: "citadel-guard-1".
func roster(a Army) []unit {
	out := []unit{}
	for _, l := range a.Lines {
		name := l.Name
		if u, ok := unitType(l.Type); ok && name == "" {
			name = u.Name
		}
		for i := 1; i <= l.Count; i++ {
			out = append(out, unit{ID: fmt.Sprintf("%s-%d", l.Type, i), Type: l.Type, Name: fmt.Sprintf("%s %d", name, i),
				Legend: l.Legend, Health: l.Health})
		}
	}
	return out
}

// startTurn opens turn n for faction f at the Command step.
func (g *state) startTurn(n int, f Faction) {
	g.Turn, g.Active, g.Step = n, int(f), StepCommand
	g.Turns = append(g.Turns, turnRecord{Turn: n, Side: int(f)})
}

// errWrongState is returned when the engine hands the rules a state that is
// not BattleLore's.
var errWrongState = errors.New("battlelore: state is not a BattleLore game")

func asState(s console.State) (*state, error) {
	g, ok := s.(*state)
	if !ok || g == nil {
		return nil, fmt.Errorf("%w (got %T)", errWrongState, s)
	}
	return g, nil
}

// StepName is a step's name as the rulebook writes it, and as
// View.StepName reports it: "Command step", "VP step", "Scenario card
// step"; "step" for none.
func StepName(step string) string {
	switch step {
	case StepScenario:
		return "Scenario card step"
	case StepVP:
		return "VP step"
	}
	if step == "" {
		return "step"
	}
	return strings.ToUpper(step[:1]) + step[1:] + " step"
}

// stepCommand is the command that finishes a turn step.
func (g *state) stepCommand(step string) string {
	switch step {
	case StepCommand:
		return CmdPlayCommandCard
	case StepOrder, StepMove, StepAttack:
		return CmdNextStep
	case StepVP:
		return CmdScoreVP
	case StepDraw:
		return CmdDrawCommandCard
	case StepLore:
		return CmdLoreStep
	}
	return ""
}

// waiting lists the factions whose secret choice for the setup step is
// still missing.
func (g *state) waiting() []Faction {
	var out []Faction
	for _, f := range Factions {
		s := &g.Sides[f]
		if (g.Step == StepScenario && s.Scenario == nil) || (g.Step == StepMuster && s.Army == nil) {
			out = append(out, f)
		}
	}
	return out
}

// prompt says where the game stands and what comes next, in words: "it
// is Uthuk's Upkeep phase: the VP step comes next". The commands that do
// it are nextCommands, the view's Try.
func (g *state) prompt() string {
	if g.finished() {
		return "the game is over: " + g.result()
	}
	switch g.Step {
	case StepScenario, StepMuster:
		var names []string
		for _, f := range g.waiting() {
			names = append(names, f.Name())
		}
		what := "each player enters the scenario card they reveal"
		if g.Step == StepMuster {
			what = "each player musters an army or takes an army card"
		}
		return fmt.Sprintf("it is setup: %s; waiting for %s", what, strings.Join(names, " and "))
	}
	f := Faction(g.Active)
	phase := "Main"
	if g.phase() == PhaseUpkeep {
		phase = "Upkeep"
	}
	return fmt.Sprintf("it is %s's %s phase: the %s comes next", f.Name(), phase, StepName(g.Step))
}

// nextCommands are the commands that move the game on from where it
// stands: the command-line hint of the prompt and of a refusal's Try;
// none once the game is over.
func (g *state) nextCommands() []string {
	switch {
	case g.finished():
		return nil
	case g.Step == StepScenario:
		return []string{CmdScenario}
	case g.Step == StepMuster:
		return []string{CmdMuster, CmdArmyCard}
	}
	if c := g.stepCommand(g.Step); c != "" {
		return []string{c}
	}
	return nil
}

// commandWords names what each command does, for a player: a refusal
// says "Taking VP is for the VP step", never the command's name.
var commandWords = map[string]string{
	CmdScenario:        "Entering a scenario card",
	CmdMuster:          "Mustering an army",
	CmdArmyCard:        "Taking an army card",
	CmdPlayCommandCard: "Playing a command card",
	CmdNextStep:        "Finishing a step",
	CmdScoreVP:         "Taking VP",
	CmdDrawCommandCard: "Drawing a command card",
	CmdLoreStep:        "Replenishing lore",
	CmdDamage:          "Recording damage",
	CmdHeal:            "Healing a unit",
	CmdSetHealth:       "Setting a unit's health",
	CmdGainLore:        "Gaining lore",
	CmdPlayLoreCard:    "Playing a lore card",
	CmdAdjust:          "Correcting a count",
	CmdConcede:         "Conceding",
}

// CommandWords names a command in words, as a refusal does: "Taking VP"
// for score-vp; "This command" for a name it does not know.
func CommandWords(name string) string {
	if w, ok := commandWords[name]; ok {
		return w
	}
	return "This command"
}

// gate refuses a command the phase, the step or the seat does not allow,
// whatever its arguments. View.Allowed lists the commands it lets through.
func (g *state) gate(f Faction, name string) error {
	if g.finished() {
		return console.RejectWith(console.ReasonGameOver, "the game is over (%s); undo to change it", g.result())
	}
	now, try := g.prompt(), strings.Join(g.nextCommands(), " or ")
	what := CommandWords(name)
	full := func() error {
		if g.Learning {
			return console.RejectTry(console.ReasonWrongPhase, try, "%s is not part of the learning scenario; %s", what, now)
		}
		return nil
	}
	inBattle := func() error {
		if !g.battle() {
			return console.RejectTry(console.ReasonWrongPhase, try, "%s is for the battle, which has not begun; %s", what, now)
		}
		return nil
	}
	myTurn := func(steps ...string) error {
		if err := inBattle(); err != nil {
			return err
		}
		if int(f) != g.Active {
			return console.RejectWith(console.ReasonNotYourTurn, "it is not %s's turn: %s", f.Name(), now)
		}
		names := make([]string, len(steps))
		for i, step := range steps {
			if g.Step == step {
				return nil
			}
			names[i] = StepName(step)
		}
		return console.RejectTry(console.ReasonWrongPhase, try, "%s is for the %s; %s", what, joinOr(names), now)
	}
	setup := func(step string) error {
		if err := full(); err != nil {
			return err
		}
		if g.Step != step {
			return console.RejectTry(console.ReasonWrongPhase, try, "%s is for the %s of setup; %s", what, StepName(step), now)
		}
		return nil
	}
	switch name {
	case CmdScenario:
		return setup(StepScenario)
	case CmdMuster, CmdArmyCard:
		return setup(StepMuster)
	case CmdPlayCommandCard:
		if err := myTurn(StepCommand); err != nil {
			return err
		}
		if g.Sides[f].CommandCards < 1 {
			return console.RejectTry(console.ReasonNotAllowed, CmdAdjust, "%s has no command cards in hand; if the count is wrong, correct it", f.Name())
		}
		return nil
	case CmdNextStep:
		return myTurn(StepOrder, StepMove, StepAttack)
	case CmdScoreVP:
		return myTurn(StepVP)
	case CmdDrawCommandCard:
		return myTurn(StepDraw)
	case CmdLoreStep:
		if err := full(); err != nil {
			return err
		}
		return myTurn(StepLore)
	case CmdDamage, CmdHeal, CmdSetHealth, CmdGainLore, CmdAdjust:
		return inBattle()
	case CmdPlayLoreCard:
		if err := full(); err != nil {
			return err
		}
		if err := inBattle(); err != nil {
			return err
		}
		s := &g.Sides[f]
		switch {
		case s.LoreCardTurn == g.Turn:
			return console.Reject("%s has already used a lore card this turn (one per turn)", f.Name())
		case s.LoreCards < 1:
			return console.Reject("%s has no lore cards in hand", f.Name())
		}
		return nil
	case CmdConcede:
		return nil
	}
	return console.RejectTry(console.ReasonBadInput, strings.Join(console.CommandNames(commandSpecs), ", "), "there is no such command in BattleLore")
}

// Decide checks a command against the game and returns its events. It never
// modifies s; it rolls a die only to break a tie of initiative indicators.
func (r *Rules) Decide(s console.State, seat console.Seat, cmd console.Command, d *console.Dice) ([]console.Event, error) {
	g, err := asState(s)
	if err != nil {
		return nil, err
	}
	spec, ok := console.FindCommand(commandSpecs, cmd.Name)
	if !ok {
		return nil, console.RejectTry(console.ReasonBadInput, strings.Join(console.CommandNames(commandSpecs), ", "), "there is no such command in BattleLore")
	}
	f, ok := g.faction(seat)
	if !ok {
		return nil, console.RejectWith(console.ReasonNotFound, "%q does not play in this game; the players are %s (Daqan) and %s (Uthuk)", seat, g.Sides[Daqan].Seat, g.Sides[Uthuk].Seat)
	}
	args, err := console.ValidateArgs(spec.Args, cmd.Args, g.seats())
	if err != nil {
		return nil, console.RejectTry(console.ReasonBadInput, cmd.Name, "%s: %v", CommandWords(cmd.Name), err)
	}
	if err := g.gate(f, cmd.Name); err != nil {
		return nil, err
	}
	var events []console.Event
	switch cmd.Name {
	case CmdScenario:
		events, err = g.decideScenario(f, args, d)
	case CmdMuster:
		events, err = g.decideMuster(f, args)
	case CmdArmyCard:
		events, err = g.decideArmyCard(f, args)
	case CmdPlayCommandCard:
		events, err = one(EventCommandCardPlayed, CommandCardPlayed{Side: int(f), Turn: g.Turn, Card: strings.TrimSpace(args.String("card"))})
	case CmdNextStep:
		events, err = one(EventStepDone, StepDone{Side: int(f), Turn: g.Turn, Step: g.Step})
	case CmdScoreVP:
		events, err = g.decideScoreVP(f, args)
	case CmdDrawCommandCard:
		events, err = g.decideDraw(f)
	case CmdLoreStep:
		events, err = g.decideLoreStep(f, args)
	case CmdDamage:
		events, err = g.decideDamage(args)
	case CmdHeal:
		events, err = g.decideHeal(args)
	case CmdSetHealth:
		events, err = g.decideSetHealth(args)
	case CmdGainLore:
		events, err = g.decideCounter(f, CounterLoreTokens, args.Int("amount"), EventLoreGained)
	case CmdPlayLoreCard:
		events, err = g.decidePlayLoreCard(f, args)
	case CmdAdjust:
		side, _ := ParseFaction(args.String("side"))
		events, err = g.decideCounter(side, args.String("counter"), args.Int("by"), EventCounterAdjusted)
	case CmdConcede:
		events, err = one(EventGameEnded, g.ending(f.Other(), EndConceded))
	}
	if err != nil {
		return nil, err
	}
	for i := range events {
		events[i].Seat = seat
		events[i].Cmd = cmd.ID
	}
	return events, nil
}

// InitiativeLetters returns the letters of initiative indicators, A to Z:
// the values of the scenario command's letter argument. The slice is the
// caller's.
func InitiativeLetters() []string {
	out := make([]string, 0, 26)
	for c := 'A'; c <= 'Z'; c++ {
		out = append(out, string(c))
	}
	return out
}

// joinAnd lists words as "a, b and c".
func joinAnd(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// joinOr lists words as "a, b or c".
func joinOr(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// one makes a single event.
func one(typ string, data any) ([]console.Event, error) {
	e, err := console.NewEvent(typ, data)
	if err != nil {
		return nil, err
	}
	return []console.Event{e}, nil
}

// parseBanners reads "2,1" into banner values from 1 to 9, at most 4.
func parseBanners(s string) ([]int, error) {
	out := []int{}
	s = strings.TrimSpace(s)
	if s == "" {
		return out, nil
	}
	for _, p := range strings.Split(s, ",") {
		p = strings.TrimSpace(p)
		if len(p) != 1 || p[0] < '1' || p[0] > '9' {
			return nil, console.Reject("banners: %q is not a banner value from 1 to 9; write the values separated by commas (\"2,1\")", p)
		}
		out = append(out, int(p[0]-'0'))
	}
	if len(out) > 4 {
		return nil, console.Reject("banners: %d banner markers; the box holds 4", len(out))
	}
	return out, nil
}

func (g *state) decideScenario(f Faction, args console.Args, d *console.Dice) ([]console.Event, error) {
	ini, err := ParseInitiative(fmt.Sprintf("%s%d", args.String("letter"), args.Int("number")))
	if err != nil {
		return nil, err
	}
	banners, err := parseBanners(args.String("banners"))
	if err != nil {
		return nil, err
	}
	chosen := ScenarioChosen{Side: int(f), Name: strings.TrimSpace(args.String("name")), Initiative: ini.String(), Banners: banners}
	events, err := one(EventScenarioChosen, chosen)
	if err != nil {
		return nil, err
	}
	other := g.Sides[f.Other()].Scenario
	if other == nil {
		return events, nil
	}
	// Both cards are in: reveal them and decide the first player.
	cards := [2]ScenarioChosen{}
	cards[f] = chosen
	cards[f.Other()] = ScenarioChosen{Side: int(f.Other()), Name: other.Name, Initiative: other.Initiative, Banners: append([]int{}, other.Banners...)}
	a, errA := ParseInitiative(cards[Daqan].Initiative)
	b, errB := ParseInitiative(cards[Uthuk].Initiative)
	if errA != nil || errB != nil {
		return nil, fmt.Errorf("stored initiative unreadable: %v %v", errA, errB)
	}
	rev := ScenariosRevealed{Daqan: cards[Daqan], Uthuk: cards[Uthuk], By: "initiative"}
	switch CompareInitiative(a, b) {
	case -1:
		rev.First = int(Daqan)
	case 1:
		rev.First = int(Uthuk)
	default:
		if d == nil {
			return nil, errors.New("battlelore: the initiative tie needs dice")
		}
		rev.By, rev.First = "random", d.IntN(2)
	}
	e, err := console.NewEvent(EventScenariosRevealed, rev)
	if err != nil {
		return nil, err
	}
	e.Barrier = true
	return append(events, e), nil
}

// mustered returns the events of a side's army: mustered, and the reveal
// when the other army is already in.
func (g *state) mustered(f Faction, a Army) ([]console.Event, error) {
	events, err := one(EventArmyMustered, ArmyMustered{Side: int(f), Army: a})
	if err != nil || g.Sides[f.Other()].Army == nil {
		return events, err
	}
	var lore [2]int
	lore[f] = a.Lore
	lore[f.Other()] = g.Sides[f.Other()].Army.Lore
	e, err := console.NewEvent(EventArmiesRevealed, ArmiesRevealed{
		Lore: lore[:], CommandCards: StartCommandCards, LoreCards: StartLoreCards, First: g.First})
	if err != nil {
		return nil, err
	}
	e.Barrier = true
	return append(events, e), nil
}

func (g *state) decideMuster(f Faction, args console.Args) ([]console.Event, error) {
	counts := map[string]int{}
	for _, u := range unitTypes {
		if n := args.Int(u.ID); n != 0 {
			counts[u.ID] = n
		}
	}
	a, err := MusterArmy(f, counts, args.Bool("command-tent"))
	if err != nil {
		return nil, err
	}
	return g.mustered(f, a)
}

func (g *state) decideArmyCard(f Faction, args console.Args) ([]console.Event, error) {
	c, ok := findArmyCard(args.String("army"))
	if !ok || c.Faction != f.ID() {
		var names, ids []string
		for _, x := range armyCards {
			if x.Faction == f.ID() {
				names, ids = append(names, fmt.Sprintf("%q", x.Name)), append(ids, x.ID)
			}
		}
		try := CmdArmyCard + " army=" + strings.Join(ids, "|")
		if ok {
			return nil, console.RejectTry(console.ReasonNotAllowed, try, "%q is a %s army card, not a %s one; the %s army cards are %s",
				c.Name, factionName(c.Faction), f.Name(), f.Name(), joinAnd(names))
		}
		return nil, console.RejectTry(console.ReasonNotAllowed, try, "there is no such army card; the %s army cards are %s", f.Name(), joinAnd(names))
	}
	a, err := armyFromCard(c)
	if err != nil {
		return nil, err
	}
	return g.mustered(f, a)
}

// bannerVP is the most victory points one VP step can earn: a friendly
// unit on every banner hex of the board at once (rulebook "Victory point
// step": the VPs of "each hex containing a banner marker that is occupied
// by a friendly unit"). The board holds the learning scenario's three
// 2-VP banners (p. 5), or in a full game the banner markers of both
// scenario cards, each card showing its half of the board (pp. 16–18).
// where says where the figure comes from.
func (g *state) bannerVP() (total int, where string) {
	if g.Learning {
		return LearningBanners * LearningBannerValue, fmt.Sprintf("the learning scenario's %d banners of %d VP", LearningBanners, LearningBannerValue)
	}
	var parts []string
	for f, s := range g.Sides {
		vals := []string{}
		if s.Scenario != nil {
			for _, b := range s.Scenario.Banners {
				total += b
				vals = append(vals, fmt.Sprint(b))
			}
		}
		if len(vals) == 0 {
			vals = append(vals, "none")
		}
		parts = append(parts, fmt.Sprintf("%s's scenario card: %s", Faction(f).Name(), strings.Join(vals, ", ")))
	}
	return total, "the banner markers on the board (" + strings.Join(parts, "; ") + ")"
}

func (g *state) decideScoreVP(f Faction, args console.Args) ([]console.Event, error) {
	s := &g.Sides[f]
	vp, ex := args.Int("vp"), args.Int("exchange")
	if most, where := g.bannerVP(); vp > most {
		return nil, console.RejectTry(console.ReasonNotAllowed, CmdAdjust,
			"%d VP: %s are worth %d VP in all, the most a VP step earns, with a unit on every banner hex; add VP from a command tent or a scenario rule as a correction of the VP count",
			vp, where, most)
	}
	if ex > 0 && !g.Learning {
		return nil, console.Reject("exchanging lore for VP is only in the learning scenario; in a full game lore pays for lore cards")
	}
	if need := ex * LearningLorePerVP; need > s.LoreTokens {
		return nil, console.Reject("%d VP cost %d lore tokens; %s has %d (4 lore for 1 VP)", ex, need, f.Name(), s.LoreTokens)
	}
	if s.VP+vp+ex > maxCounter {
		return nil, console.Reject("%s would have %d VP; the pad counts to %d", f.Name(), s.VP+vp+ex, maxCounter)
	}
	return one(EventVPScored, VPScored{Side: int(f), Turn: g.Turn, VP: vp, Exchanged: ex})
}

func (g *state) decideDraw(f Faction) ([]console.Event, error) {
	if g.Sides[f].CommandCards >= maxCounter {
		return nil, console.RejectTry(console.ReasonNotAllowed, CmdAdjust, "%s holds %d command cards, more than the pad counts; correct the count", f.Name(), g.Sides[f].CommandCards)
	}
	events, err := one(EventCommandCardDrawn, CommandCardDrawn{Side: int(f), Turn: g.Turn})
	if err != nil || !g.Learning {
		return events, err
	}
	// The learning scenario skips the Lore step: the turn ends here.
	end, err := g.endTurn(f)
	return append(events, end...), err
}

func (g *state) decideLoreStep(f Faction, args console.Args) ([]console.Event, error) {
	s := &g.Sides[f]
	ls := LoreStep{Side: int(f), Turn: g.Turn, Choice: args.String("choice")}
	switch ls.Choice {
	case LoreChoiceTokens:
		ls.Tokens = 2
	case LoreChoiceTokenAndCard:
		ls.Tokens, ls.Drawn = 1, 1
	case LoreChoiceTwoCards:
		ls.Drawn, ls.Discarded = 2, 1
	}
	if s.LoreTokens+ls.Tokens > maxCounter {
		return nil, console.Reject("%s would have %d lore tokens; the pad counts to %d", f.Name(), s.LoreTokens+ls.Tokens, maxCounter)
	}
	if hand := s.LoreCards + ls.Drawn - ls.Discarded; hand > MaxLoreCards {
		ls.Discarded += hand - MaxLoreCards
	}
	events, err := one(EventLoreStep, ls)
	if err != nil {
		return nil, err
	}
	end, err := g.endTurn(f)
	return append(events, end...), err
}

// endTurn ends f's turn and starts the other's; when that is the first
// player's turn, it checks for a winner on victory points (p. 7).
func (g *state) endTurn(f Faction) ([]console.Event, error) {
	next := f.Other()
	if g.Turn >= maxTurns {
		return nil, console.RejectTry(console.ReasonNotAllowed, CmdConcede, "the pad holds %d turns; a player may concede to end the game", maxTurns)
	}
	events, err := one(EventTurnEnded, TurnEnded{Side: int(f), Turn: g.Turn, Next: int(next)})
	if err != nil || int(next) != g.First {
		return events, err
	}
	w, ok := VPWinner(g.Sides[Daqan].VP, g.Sides[Uthuk].VP)
	if !ok {
		return events, nil
	}
	end, err := one(EventGameEnded, g.ending(w, EndVictoryPoints))
	return append(events, end...), err
}

// VPWinner applies the victory point check made at the start of each
// first-player turn: a side wins with 16 or more VP and more VP than its
// opponent. ok is false when neither does.
func VPWinner(daqanVP, uthukVP int) (winner Faction, ok bool) {
	switch {
	case daqanVP >= WinVP && daqanVP > uthukVP:
		return Daqan, true
	case uthukVP >= WinVP && uthukVP > daqanVP:
		return Uthuk, true
	}
	return 0, false
}

// ending is the game-ended payload for a win by w.
func (g *state) ending(w Faction, reason string) GameEnded {
	return GameEnded{Winner: int(w), Reason: reason, VP: []int{g.Sides[Daqan].VP, g.Sides[Uthuk].VP},
		Placements: g.placementsFor(int(w))}
}

// unitArg finds the unit a command names, or refuses with the choices.
func (g *state) unitArg(ref string) (Faction, int, error) {
	f, i, ok := g.findUnit(ref)
	if !ok {
		var ids, names []string
		for _, fa := range Factions {
			for _, u := range g.Sides[fa].Units {
				if !u.eliminated() {
					ids, names = append(ids, u.ID), append(names, fmt.Sprintf("%s (%s)", u.Name, fa.Name()))
				}
			}
		}
		if len(names) == 0 {
			return 0, 0, console.Reject("no unit is in play")
		}
		return 0, 0, console.RejectTry(console.ReasonNotFound, strings.Join(ids, ", "), "no unit %q on the rosters; the units in play are %s", ref, joinAnd(names))
	}
	if u := &g.Sides[f].Units[i]; u.eliminated() {
		return 0, 0, console.Reject("%s (%s) is eliminated and out of the game", u.Name, f.Name())
	}
	return f, i, nil
}

func (g *state) decideDamage(args console.Args) ([]console.Event, error) {
	f, i, err := g.unitArg(args.String("unit"))
	if err != nil {
		return nil, err
	}
	u := g.Sides[f].Units[i]
	n := args.Int("amount")
	if u.Legend {
		n = min(n, u.Health-u.Damage)
	} else {
		n = min(n, u.figures())
	}
	events, err := one(EventUnitDamaged, UnitDamaged{Side: int(f), Unit: u.ID, Amount: n})
	if err != nil {
		return nil, err
	}
	// A side whose last unit is eliminated loses at once.
	if g.Sides[f].living() == 1 && (u.Legend && u.Damage+n >= u.Health || !u.Legend && u.Lost+n >= u.Health) {
		end, err := one(EventGameEnded, g.ending(f.Other(), EndEliminated))
		return append(events, end...), err
	}
	return events, nil
}

func (g *state) decideHeal(args console.Args) ([]console.Event, error) {
	f, i, err := g.unitArg(args.String("unit"))
	if err != nil {
		return nil, err
	}
	u := g.Sides[f].Units[i]
	hurt := u.Lost
	if u.Legend {
		hurt = u.Damage
	}
	if hurt == 0 {
		return nil, console.Reject("%s (%s) is at full strength", u.Name, f.Name())
	}
	return one(EventUnitHealed, UnitHealed{Side: int(f), Unit: u.ID, Amount: min(args.Int("amount"), hurt)})
}

func (g *state) decideSetHealth(args console.Args) ([]console.Event, error) {
	f, i, err := g.unitArg(args.String("unit"))
	if err != nil {
		return nil, err
	}
	u := g.Sides[f].Units[i]
	h := args.Int("health")
	switch {
	case h == u.Health:
		return nil, console.Reject("%s already has health %d", u.Name, h)
	case u.Legend && h <= u.Damage:
		return nil, console.Reject("%s has %d damage tokens: health %d would eliminate it; record damage instead", u.Name, u.Damage, h)
	case !u.Legend && h <= u.Lost:
		return nil, console.Reject("%s has lost %d figures: health %d would leave none; record damage instead", u.Name, u.Lost, h)
	}
	return one(EventUnitHealthSet, UnitHealthSet{Side: int(f), Unit: u.ID, Health: h, Was: u.Health})
}

func (g *state) decidePlayLoreCard(f Faction, args console.Args) ([]console.Event, error) {
	s := &g.Sides[f]
	cost := args.Int("cost")
	if cost > s.LoreTokens {
		return nil, console.Reject("the lore card costs %d lore; %s has %d lore tokens", cost, f.Name(), s.LoreTokens)
	}
	return one(EventLoreCardPlayed, LoreCardPlayed{Side: int(f), Turn: g.Turn, Cost: cost, Card: strings.TrimSpace(args.String("card"))})
}

// counter returns a pointer to the named counter of s.
func (s *side) counter(name string) *int {
	switch name {
	case CounterVP:
		return &s.VP
	case CounterLoreTokens:
		return &s.LoreTokens
	case CounterLoreCards:
		return &s.LoreCards
	case CounterCommandCards:
		return &s.CommandCards
	}
	return nil
}

// counterName is a counter's name in sentences.
func counterName(name string) string {
	switch name {
	case CounterVP:
		return "VP"
	case CounterLoreTokens:
		return "lore tokens"
	case CounterLoreCards:
		return "lore cards"
	case CounterCommandCards:
		return "command cards"
	}
	return name
}

func (g *state) decideCounter(f Faction, name string, by int, typ string) ([]console.Event, error) {
	c := g.Sides[f].counter(name)
	if c == nil {
		var names []string
		for _, c := range Counters() {
			names = append(names, counterName(c))
		}
		return nil, console.RejectTry(console.ReasonBadInput, strings.Join(Counters(), ", "), "no such count; the counts are %s", joinAnd(names))
	}
	if by == 0 {
		return nil, console.Reject("a change of 0 changes nothing")
	}
	switch v := *c + by; {
	case v < 0:
		return nil, console.Reject("%s has %d %s; %+d would leave fewer than none", f.Name(), *c, counterName(name), by)
	case v > maxCounter:
		return nil, console.Reject("%s would have %d %s; the pad counts to %d", f.Name(), v, counterName(name), maxCounter)
	}
	return one(typ, CounterChanged{Side: int(f), Counter: name, By: by})
}
