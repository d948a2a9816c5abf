package battlelore

import (
	"fmt"
	"strings"

	"github.com/commandconsole/commandconsole/console"
)

// View is what one seat may know of a BattleLore game, ready for the GUI
// and the command line. Its JSON and msgpack field names are stable. The
// only secrets are the scenario cards and armies chosen during setup: until
// both players have chosen, each seat sees its own choice and only that the
// opponent has chosen; the public view sees neither.
type View struct {
	// Seat is the seat the view is for; "public" for the spectator view.
	Seat console.Seat `json:"seat" msgpack:"seat"`
	// You is the viewer's faction ("daqan", "uthuk"); empty for the public.
	You string `json:"you,omitempty" msgpack:"you,omitempty"`
	// Mode is "learning" (the learning scenario) or "full".
	Mode string `json:"mode" msgpack:"mode"`
	// Phase is "setup", "main", "upkeep" or "over".
	Phase string `json:"phase" msgpack:"phase"`
	// Step is the current step: "scenario" or "muster" in setup; "command",
	// "order", "move", "attack" in the Main phase; "vp", "draw", "lore" in
	// the Upkeep phase. When the game is over, the step it ended in.
	Step string `json:"step" msgpack:"step"`
	// StepName is the step as the rulebook names it: "VP step".
	StepName string `json:"step_name" msgpack:"step_name"`
	// Turn is the turn number, from 1; 0 during setup. Turns alternate, the
	// first player taking the odd ones.
	Turn int `json:"turn" msgpack:"turn"`
	// Active and ActiveSeat are the faction and seat whose turn it is;
	// empty during setup.
	Active     string       `json:"active,omitempty" msgpack:"active,omitempty"`
	ActiveSeat console.Seat `json:"active_seat,omitempty" msgpack:"active_seat,omitempty"`
	// FirstPlayer is the faction holding the first player token, empty
	// until the scenario cards are revealed; FirstPlayerBy says how it was
	// decided: "learning" (the Uthuk, by the learning setup), "initiative"
	// (the scenario cards' indicators) or "random" (a tie, drawn by dice).
	FirstPlayer   string `json:"first_player,omitempty" msgpack:"first_player,omitempty"`
	FirstPlayerBy string `json:"first_player_by,omitempty" msgpack:"first_player_by,omitempty"`
	// Prompt says where the game stands and what comes next, in words:
	// "it is Uthuk's Upkeep phase: the VP step comes next". It names no
	// command: Try does, for the command line.
	Prompt string `json:"prompt" msgpack:"prompt"`
	// PromptText is Prompt, kept for the screens that read it.
	PromptText string `json:"prompt_text" msgpack:"prompt_text"`
	// Try is the command-line hint of the prompt: the commands that move
	// the game on ("score-vp", "muster or army-card"); empty once the game
	// is over. ccctl shows it; no screen does.
	Try string `json:"try,omitempty" msgpack:"try,omitempty"`
	// Checklist is the setup's or the current turn's steps, in order, each
	// done, current, to do or skipped.
	Checklist []ChecklistItem `json:"checklist" msgpack:"checklist"`
	// Sides are the two factions, Daqan first.
	Sides []SideView `json:"sides" msgpack:"sides"`
	// Banners are the banner markers on the board: the learning scenario's
	// three, or those of both scenario cards once revealed.
	Banners []BannerView `json:"banners" msgpack:"banners"`
	// Turns is the score grid: one row per turn so far, the current last.
	Turns []TurnView `json:"turns" msgpack:"turns"`
	// WinVP is the victory points needed to win (16).
	WinVP int `json:"win_vp" msgpack:"win_vp"`
	// Finished is true once somebody has won.
	Finished bool `json:"finished" msgpack:"finished"`
	// Winner is the winning faction once Finished.
	Winner string `json:"winner,omitempty" msgpack:"winner,omitempty"`
	// EndReason is "victory-points", "eliminated" or "conceded" once
	// Finished.
	EndReason string `json:"end_reason,omitempty" msgpack:"end_reason,omitempty"`
	// Summary is the one-line status: "Turn 5 · Daqan main phase · Daqan 9
	// VP, Uthuk 7 VP".
	Summary string `json:"summary" msgpack:"summary"`
	// Placements are the final placements, winner first; only when
	// Finished.
	Placements []console.Placement `json:"placements,omitempty" msgpack:"placements,omitempty"`
	// Allowed lists the commands this seat may give now (their arguments
	// may still be refused; Commands says which are accepted); empty for
	// the public.
	Allowed []string `json:"allowed" msgpack:"allowed"`
	// Muster is the muster calculator's reference, during the muster step
	// only.
	Muster *MusterReference `json:"muster,omitempty" msgpack:"muster,omitempty"`
	// Dice is the combat die's faces and what each does; DiceNote the rule
	// for dice abilities.
	Dice     []DieFace `json:"dice" msgpack:"dice"`
	DiceNote string    `json:"dice_note" msgpack:"dice_note"`

	// Commands says, per command, whether this seat may give it now, why
	// not, and what its arguments may be (affordances.go); none in the public
	// view, which gives no commands.
	Commands []console.Affordance `json:"commands,omitempty" msgpack:"commands,omitempty"`
}

// Checklist item states.
const (
	ItemDone    = "done"
	ItemCurrent = "current"
	ItemTodo    = "todo"
	ItemSkipped = "skipped"
)

// ChecklistItem is one step of the setup or of a turn.
type ChecklistItem struct {
	// Step is the step id ("command", "vp", "scenario" …).
	Step string `json:"step" msgpack:"step"`
	// Label is what to do, in words: "Play a command card".
	Label string `json:"label" msgpack:"label"`
	// Phase is "setup", "main" or "upkeep".
	Phase string `json:"phase" msgpack:"phase"`
	// Faction is whose item it is: the active player's in a turn, one
	// player's in setup.
	Faction string `json:"faction" msgpack:"faction"`
	// State is "done", "current", "todo" or "skipped" (the Lore step of
	// the learning scenario).
	State string `json:"state" msgpack:"state"`
	// Command is the command that completes the item.
	Command string `json:"command,omitempty" msgpack:"command,omitempty"`
}

// SideView is one faction's part of the pad.
type SideView struct {
	// Faction is "daqan" or "uthuk"; Name "Daqan" or "Uthuk"; FullName
	// "Daqan Lords" or "Uthuk Y'llan".
	Faction  string `json:"faction" msgpack:"faction"`
	Name     string `json:"name" msgpack:"name"`
	FullName string `json:"full_name" msgpack:"full_name"`
	// Seat is the player's seat; You is true in that seat's own view.
	Seat console.Seat `json:"seat" msgpack:"seat"`
	You  bool         `json:"you" msgpack:"you"`
	// Active is true while it is this side's turn; FirstPlayer while it
	// holds the first player token.
	Active      bool `json:"active" msgpack:"active"`
	FirstPlayer bool `json:"first_player" msgpack:"first_player"`
	// VP, LoreTokens, LoreCards and CommandCards are the counters: victory
	// points, lore tokens, lore cards and command cards in hand.
	VP           int `json:"vp" msgpack:"vp"`
	LoreTokens   int `json:"lore_tokens" msgpack:"lore_tokens"`
	LoreCards    int `json:"lore_cards" msgpack:"lore_cards"`
	CommandCards int `json:"command_cards" msgpack:"command_cards"`
	// LoreCardUsed is true when the side has used its lore card this turn.
	LoreCardUsed bool `json:"lore_card_used" msgpack:"lore_card_used"`
	// ScenarioChosen is true once the side has entered its scenario card;
	// Scenario is the card, for its own seat at once and for everyone once
	// both are revealed.
	ScenarioChosen bool          `json:"scenario_chosen" msgpack:"scenario_chosen"`
	Scenario       *ScenarioView `json:"scenario,omitempty" msgpack:"scenario,omitempty"`
	// Mustered is true once the side has its army; Army is the army, for
	// its own seat at once and for everyone once both are revealed.
	Mustered bool  `json:"mustered" msgpack:"mustered"`
	Army     *Army `json:"army,omitempty" msgpack:"army,omitempty"`
	// Units is the roster, in muster order, eliminated units included;
	// empty until the armies are revealed.
	Units []UnitView `json:"units" msgpack:"units"`
	// UnitsLeft and UnitsEliminated count the roster.
	UnitsLeft       int `json:"units_left" msgpack:"units_left"`
	UnitsEliminated int `json:"units_eliminated" msgpack:"units_eliminated"`
	// Place is the final place (1 or 2) once the game is over.
	Place int `json:"place,omitempty" msgpack:"place,omitempty"`
}

// Counter returns the side's counter named id (CounterVP,
// CounterLoreTokens, CounterLoreCards or CounterCommandCards), and false
// for any other id.
func (s SideView) Counter(id string) (int, bool) {
	switch id {
	case CounterVP:
		return s.VP, true
	case CounterLoreTokens:
		return s.LoreTokens, true
	case CounterLoreCards:
		return s.LoreCards, true
	case CounterCommandCards:
		return s.CommandCards, true
	}
	return 0, false
}

// ScenarioView is a scenario card as entered.
type ScenarioView struct {
	Name       string `json:"name,omitempty" msgpack:"name,omitempty"`
	Initiative string `json:"initiative" msgpack:"initiative"`
	Banners    []int  `json:"banners" msgpack:"banners"`
}

// Unit conditions.
const (
	ConditionFull       = "full"
	ConditionDamaged    = "damaged"
	ConditionWeak       = "weak"
	ConditionEliminated = "eliminated"
)

// UnitView is one unit's strength.
type UnitView struct {
	// ID names the unit in commands: "citadel-guard-2".
	ID string `json:"id" msgpack:"id"`
	// Type is the unit type id; Name the unit's name: "Citadel Guard 2".
	Type string `json:"type" msgpack:"type"`
	Name string `json:"name" msgpack:"name"`
	// Traits are the type's traits.
	Traits []string `json:"traits" msgpack:"traits"`
	// Legend is true for a legend: one figure, damage tokens, never weak.
	Legend bool `json:"legend" msgpack:"legend"`
	// Health is the unit's health: its starting figures, or the damage
	// tokens that eliminate a legend.
	Health int `json:"health" msgpack:"health"`
	// Figures is the figures left; Lost the figures removed (not legends);
	// Damage the damage tokens on a legend.
	Figures int `json:"figures" msgpack:"figures"`
	Lost    int `json:"lost" msgpack:"lost"`
	Damage  int `json:"damage" msgpack:"damage"`
	// Weak is true for a unit reduced to one figure (never a legend): it
	// causes no damage with cleave results.
	Weak bool `json:"weak" msgpack:"weak"`
	// Eliminated is true once the unit is out of the game.
	Eliminated bool `json:"eliminated" msgpack:"eliminated"`
	// Condition sums it up: "full", "damaged", "weak" or "eliminated".
	Condition string `json:"condition" msgpack:"condition"`
}

// BannerView is one banner marker.
type BannerView struct {
	// Value is the VP the banner gives its holder in each VP step.
	Value int `json:"value" msgpack:"value"`
	// Scenario is the faction whose scenario card placed it; empty for the
	// learning scenario's banners.
	Scenario string `json:"scenario,omitempty" msgpack:"scenario,omitempty"`
}

// TurnView is one row of the score grid.
type TurnView struct {
	Turn    int    `json:"turn" msgpack:"turn"`
	Faction string `json:"faction" msgpack:"faction"`
	// CardPlayed is true once the command card is played; CommandCard is
	// its title when given.
	CardPlayed  bool   `json:"card_played" msgpack:"card_played"`
	CommandCard string `json:"command_card,omitempty" msgpack:"command_card,omitempty"`
	// VPScored is true once the VP step is done; VP is what it earned for
	// banners and Exchanged the VP bought with lore (learning scenario).
	VPScored  bool `json:"vp_scored" msgpack:"vp_scored"`
	VP        int  `json:"vp" msgpack:"vp"`
	Exchanged int  `json:"exchanged,omitempty" msgpack:"exchanged,omitempty"`
	// LoreChoice is the Lore step's choice once made.
	LoreChoice string `json:"lore_choice,omitempty" msgpack:"lore_choice,omitempty"`
	// Current is true for the turn in progress.
	Current bool `json:"current" msgpack:"current"`
}

// MusterReference is what the muster calculator needs: the limits, the
// unit table and the army cards.
type MusterReference struct {
	// Limit is the muster points (50); TentBonus the command tent's extra
	// points (5).
	Limit     int `json:"limit" msgpack:"limit"`
	TentBonus int `json:"tent_bonus" msgpack:"tent_bonus"`
	// Cards is the exact size of an army, decoys included (18); Decoys the
	// decoys each player has (11); MaxLore the most lore tokens unspent
	// points give (5).
	Cards   int `json:"cards" msgpack:"cards"`
	Decoys  int `json:"decoys" msgpack:"decoys"`
	MaxLore int `json:"max_lore" msgpack:"max_lore"`
	// UnitTypes is the unit table (both factions); ArmyCards the presets.
	UnitTypes []UnitType `json:"unit_types" msgpack:"unit_types"`
	ArmyCards []ArmyCard `json:"army_cards" msgpack:"army_cards"`
}

// View returns what seat may know; console.Public (or any seat not in the
// game) gets the public view. It never panics and returns a zero View for a
// state that is not BattleLore's.
func (r *Rules) View(s console.State, seat console.Seat) console.View {
	g, err := asState(s)
	if err != nil {
		return View{Seat: seat}
	}
	v := g.view(seat)
	v.Commands = r.affordances(g, seat)
	return v
}

func (g *state) view(seat console.Seat) View {
	you, isPlayer := g.faction(seat)
	v := View{
		Seat:       seat,
		Mode:       ModeFull,
		Phase:      g.phase(),
		Step:       g.Step,
		StepName:   StepName(g.Step),
		Turn:       g.Turn,
		Prompt:     g.prompt(),
		PromptText: g.prompt(),
		Try:        strings.Join(g.nextCommands(), " or "),
		Checklist:  g.checklist(),
		Banners:    g.banners(),
		Turns:      []TurnView{},
		WinVP:      WinVP,
		Finished:   g.finished(),
		EndReason:  g.EndReason,
		Summary:    g.summary(),
		Allowed:    []string{},
		Dice:       DiceFaces(),
		DiceNote:   DiceNote,
	}
	if g.Learning {
		v.Mode = ModeLearning
	}
	if isPlayer {
		v.You = you.ID()
		for _, c := range commandSpecs {
			if g.gate(you, c.Name) == nil {
				v.Allowed = append(v.Allowed, c.Name)
			}
		}
	}
	if g.Turn > 0 {
		f := Faction(g.Active)
		v.Active, v.ActiveSeat = f.ID(), console.Seat(g.Sides[f].Seat)
	}
	if g.First >= 0 {
		v.FirstPlayer, v.FirstPlayerBy = Faction(g.First).ID(), g.FirstBy
	}
	if g.finished() {
		v.Winner = Faction(g.Winner).ID()
		v.Placements = g.placementsFor(g.Winner)
	}
	if g.Step == StepMuster && !g.finished() {
		v.Muster = &MusterReference{Limit: MusterLimit, TentBonus: TentBonus, Cards: ArmyCards, Decoys: DecoysPerPlayer,
			MaxLore: MaxMusterLore, UnitTypes: UnitTypes(), ArmyCards: ArmyCardList()}
	}
	for i, t := range g.Turns {
		v.Turns = append(v.Turns, TurnView{Turn: t.Turn, Faction: Faction(t.Side).ID(), CardPlayed: t.CardPlayed, CommandCard: t.CommandCard,
			VPScored: t.VPScored, VP: t.VP, Exchanged: t.Exchanged, LoreChoice: t.LoreChoice, Current: i == len(g.Turns)-1 && !g.finished()})
	}
	for _, f := range Factions {
		v.Sides = append(v.Sides, g.sideView(f, isPlayer && you == f))
	}
	return v
}

// scenariosRevealed reports whether both scenario cards are known to both
// sides: the first player is decided when they are revealed.
func (g *state) scenariosRevealed() bool { return g.First >= 0 }

// armiesRevealed reports whether both armies are known to both sides: turn
// 1 begins when they are revealed.
func (g *state) armiesRevealed() bool { return g.Turn > 0 }

func (g *state) sideView(f Faction, mine bool) SideView {
	s := &g.Sides[f]
	sv := SideView{
		Faction: f.ID(), Name: f.Name(), FullName: f.FullName(), Seat: console.Seat(s.Seat), You: mine,
		Active: g.Turn > 0 && g.Active == int(f) && !g.finished(), FirstPlayer: g.First == int(f),
		VP: s.VP, LoreTokens: s.LoreTokens, LoreCards: s.LoreCards, CommandCards: s.CommandCards,
		LoreCardUsed:   g.Turn > 0 && s.LoreCardTurn == g.Turn,
		ScenarioChosen: s.Scenario != nil, Mustered: s.Army != nil,
		Units: []UnitView{},
	}
	if s.Scenario != nil && (mine || g.scenariosRevealed()) {
		sv.Scenario = &ScenarioView{Name: s.Scenario.Name, Initiative: s.Scenario.Initiative, Banners: append([]int{}, s.Scenario.Banners...)}
	}
	if s.Army != nil && (mine || g.armiesRevealed()) {
		a := *s.Army
		a.Lines = append([]ArmyLine(nil), a.Lines...)
		sv.Army = &a
	}
	for i := range s.Units {
		u := &s.Units[i]
		uv := UnitView{ID: u.ID, Type: u.Type, Name: u.Name, Traits: []string{}, Legend: u.Legend, Health: u.Health,
			Figures: u.figures(), Lost: u.Lost, Damage: u.Damage, Weak: u.weak(), Eliminated: u.eliminated()}
		if t, ok := unitType(u.Type); ok {
			uv.Traits = append(uv.Traits, t.Traits...)
		}
		switch {
		case uv.Eliminated:
			uv.Condition = ConditionEliminated
			sv.UnitsEliminated++
		case uv.Weak:
			uv.Condition = ConditionWeak
		case u.Lost > 0 || u.Damage > 0:
			uv.Condition = ConditionDamaged
		default:
			uv.Condition = ConditionFull
		}
		if !uv.Eliminated {
			sv.UnitsLeft++
		}
		sv.Units = append(sv.Units, uv)
	}
	if g.finished() {
		sv.Place = 2
		if g.Winner == int(f) {
			sv.Place = 1
		}
	}
	return sv
}

// banners lists the banner markers known to everyone.
func (g *state) banners() []BannerView {
	out := []BannerView{}
	if g.Learning {
		for range LearningBanners {
			out = append(out, BannerView{Value: LearningBannerValue})
		}
		return out
	}
	if !g.scenariosRevealed() {
		return out
	}
	for _, f := range Factions {
		if sc := g.Sides[f].Scenario; sc != nil {
			for _, b := range sc.Banners {
				out = append(out, BannerView{Value: b, Scenario: f.ID()})
			}
		}
	}
	return out
}

// stepLabels say what each step asks of the player.
var stepLabels = map[string]string{
	StepCommand: "Play a command card",
	StepOrder:   "Order the units the card allows",
	StepMove:    "Move the ordered units",
	StepAttack:  "Attack with the ordered units",
	StepVP:      "Take VP for the banner hexes held",
	StepDraw:    "Draw a command card",
	StepLore:    "Replenish lore",
}

func (g *state) checklist() []ChecklistItem {
	out := []ChecklistItem{}
	if g.finished() {
		return out
	}
	if g.phase() == PhaseSetup {
		for _, step := range []string{StepScenario, StepMuster} {
			for _, f := range Factions {
				s := &g.Sides[f]
				it := ChecklistItem{Step: step, Phase: PhaseSetup, Faction: f.ID(), State: ItemTodo}
				done := s.Scenario != nil
				it.Label, it.Command = f.Name()+" chooses a scenario card", CmdScenario
				if step == StepMuster {
					done = s.Army != nil
					it.Label, it.Command = f.Name()+" musters an army", CmdMuster
				}
				switch {
				case done:
					it.State = ItemDone
				case g.Step == step:
					it.State = ItemCurrent
				}
				out = append(out, it)
			}
		}
		return out
	}
	cur := -1
	for i, step := range turnSteps {
		if step == g.Step {
			cur = i
		}
	}
	for i, step := range turnSteps {
		phase := PhaseMain
		if i >= 4 {
			phase = PhaseUpkeep
		}
		label := stepLabels[step]
		if step == StepVP && g.Learning {
			label += " (and buy VP with lore, 4 for 1)"
		}
		it := ChecklistItem{Step: step, Label: label, Phase: phase, Faction: Faction(g.Active).ID(), State: ItemTodo, Command: g.stepCommand(step)}
		switch {
		case step == StepLore && g.Learning:
			it.State, it.Command = ItemSkipped, ""
		case i < cur:
			it.State = ItemDone
		case i == cur:
			it.State = ItemCurrent
		}
		out = append(out, it)
	}
	return out
}

// placementsFor ranks the winner first; the score is the VP.
func (g *state) placementsFor(w int) []console.Placement {
	if w != int(Daqan) && w != int(Uthuk) {
		return nil
	}
	win, lose := Faction(w), Faction(w).Other()
	return []console.Placement{
		{Seat: console.Seat(g.Sides[win].Seat), Name: g.Sides[win].Seat, Place: 1, Score: g.Sides[win].VP},
		{Seat: console.Seat(g.Sides[lose].Seat), Name: g.Sides[lose].Seat, Place: 2, Score: g.Sides[lose].VP},
	}
}

// result is the outcome of a finished game in words.
func (g *state) result() string {
	if !g.finished() {
		return ""
	}
	w := Faction(g.Winner)
	l := w.Other()
	switch g.EndReason {
	case EndEliminated:
		return fmt.Sprintf("%s wins: every %s unit is eliminated", g.who(w), l.Name())
	case EndConceded:
		return fmt.Sprintf("%s wins: %s conceded", g.who(w), l.Name())
	}
	return fmt.Sprintf("%s wins with %d VP to %d", g.who(w), g.Sides[w].VP, g.Sides[l].VP)
}

// summary is the one-line status.
func (g *state) summary() string {
	if g.finished() {
		return g.result()
	}
	switch g.Step {
	case StepScenario, StepMuster:
		what := "scenario cards"
		if g.Step == StepMuster {
			what = "mustering"
		}
		var names []string
		for _, f := range g.waiting() {
			names = append(names, f.Name())
		}
		return fmt.Sprintf("Setup · %s · waiting for %s", what, strings.Join(names, " and "))
	}
	return fmt.Sprintf("Turn %d · %s %s phase · Daqan %d VP, Uthuk %d VP",
		g.Turn, Faction(g.Active).Name(), g.phase(), g.Sides[Daqan].VP, g.Sides[Uthuk].VP)
}

// Status reports whether the game is over, its one-line summary and, once
// over, the placements, winner first.
func (r *Rules) Status(s console.State) console.Status {
	g, err := asState(s)
	if err != nil {
		return console.Status{Summary: "not a BattleLore game"}
	}
	st := console.Status{Finished: g.finished(), Summary: g.summary()}
	if g.finished() {
		st.Placements = g.placementsFor(g.Winner)
	}
	return st
}

// Undoable lets a seat take back only its own last command; the session
// itself refuses the reveals of scenario cards and armies (undo barriers).
func (r *Rules) Undoable(s console.State, seat console.Seat, last []console.Event) error {
	if len(last) == 0 {
		return console.Reject("nothing to undo")
	}
	by := last[0].Seat
	if by == seat {
		return nil
	}
	if g, err := asState(s); err == nil {
		if f, ok := g.faction(by); ok {
			return console.Reject("the last command was %s's (%s): only %s can take it back", by, f.Name(), by)
		}
	}
	return console.Reject("the last command was %s's: only %s can take it back", by, by)
}

// EncodeState serialises the game for a snapshot.
func (*Rules) EncodeState(s console.State) ([]byte, error) {
	g, err := asState(s)
	if err != nil {
		return nil, err
	}
	return console.Encode(g)
}

// DecodeState restores a game from a snapshot. It checks the game is whole
// and consistent and returns an error rather than a state the other methods
// could trip over.
func (r *Rules) DecodeState(b []byte) (console.State, error) {
	var g state
	if err := console.Decode(b, &g); err != nil {
		return nil, fmt.Errorf("battlelore: %w", err)
	}
	if err := g.check(r); err != nil {
		return nil, fmt.Errorf("battlelore: damaged state: %w", err)
	}
	if g.Turns == nil {
		g.Turns = []turnRecord{}
	}
	for i := range g.Sides {
		if g.Sides[i].Units == nil {
			g.Sides[i].Units = []unit{}
		}
	}
	return &g, nil
}

// check validates a decoded state.
func (g *state) check(r *Rules) error {
	if len(g.Sides) != 2 {
		return fmt.Errorf("%d sides", len(g.Sides))
	}
	if err := console.CheckSeats(r.Info(), g.seats()); err != nil {
		return err
	}
	isTurnStep := false
	for _, s := range turnSteps {
		isTurnStep = isTurnStep || g.Step == s
	}
	setupStep := g.Step == StepScenario || g.Step == StepMuster
	switch {
	case !isTurnStep && !(setupStep && !g.Learning):
		return fmt.Errorf("step %q", g.Step)
	case g.Active != 0 && g.Active != 1:
		return fmt.Errorf("active side %d", g.Active)
	case g.First < -1 || g.First > 1:
		return fmt.Errorf("first player %d", g.First)
	case g.Winner < -1 || g.Winner > 1:
		return fmt.Errorf("winner %d", g.Winner)
	case (g.Winner >= 0) != (g.EndReason != ""):
		return fmt.Errorf("winner %d with end reason %q", g.Winner, g.EndReason)
	}
	switch g.EndReason {
	case "", EndVictoryPoints, EndEliminated, EndConceded:
	default:
		return fmt.Errorf("end reason %q", g.EndReason)
	}
	switch {
	case setupStep:
		if g.Turn != 0 || len(g.Turns) != 0 || g.Active != 0 {
			return fmt.Errorf("turn %d during setup", g.Turn)
		}
		if (g.Step == StepScenario) != (g.First < 0) || (g.First >= 0) != (g.FirstBy == "initiative" || g.FirstBy == "random") {
			return fmt.Errorf("first player %d (%q) at the %s", g.First, g.FirstBy, g.Step)
		}
	default:
		if g.Turn < 1 || g.Turn > maxTurns || len(g.Turns) != g.Turn || g.First < 0 {
			return fmt.Errorf("turn %d with %d turn records and first player %d", g.Turn, len(g.Turns), g.First)
		}
		switch {
		case g.Learning && (g.First != int(Uthuk) || g.FirstBy != "learning"):
			return fmt.Errorf("the learning scenario's first player is the Uthuk")
		case !g.Learning && g.FirstBy != "initiative" && g.FirstBy != "random":
			return fmt.Errorf("first player decided by %q", g.FirstBy)
		}
		for i, t := range g.Turns {
			if t.Turn != i+1 || t.Side != (g.First+i)%2 || t.VP < 0 || t.VP > maxCounter || t.Exchanged < 0 || t.Exchanged > maxCounter ||
				len(t.CommandCard) > maxName || len(t.LoreChoice) > maxName {
				return fmt.Errorf("turn record %d: %+v", i+1, t)
			}
		}
		if g.Active != g.Turns[len(g.Turns)-1].Side {
			return fmt.Errorf("active side %d in turn %d", g.Active, g.Turn)
		}
		// The Lore step ends the turn in the same command, and the learning
		// scenario skips it: a game is never saved between the two.
		if !g.finished() && g.Step == StepLore && (g.Learning || g.Turns[len(g.Turns)-1].LoreChoice != "") {
			return fmt.Errorf("the Lore step of turn %d is over but the turn has not ended", g.Turn)
		}
	}
	for _, f := range Factions {
		if err := g.checkSide(f, setupStep); err != nil {
			return fmt.Errorf("%s: %w", f.Name(), err)
		}
	}
	if !setupStep && !g.finished() && (g.Sides[Daqan].living() == 0 || g.Sides[Uthuk].living() == 0) {
		return fmt.Errorf("a side has no units left but has not lost")
	}
	return nil
}

func (g *state) checkSide(f Faction, setupStep bool) error {
	s := &g.Sides[f]
	for _, n := range []int{s.VP, s.LoreTokens, s.LoreCards, s.CommandCards} {
		if n < 0 || n > maxCounter {
			return fmt.Errorf("counter %d out of range", n)
		}
	}
	if s.LoreCardTurn < 0 || s.LoreCardTurn > g.Turn {
		return fmt.Errorf("lore card used in turn %d", s.LoreCardTurn)
	}
	if s.Scenario != nil {
		if g.Learning {
			return fmt.Errorf("a scenario card in the learning scenario")
		}
		if _, err := checkScenario(s.Scenario.Name, s.Scenario.Initiative, s.Scenario.Banners); err != nil {
			return err
		}
	}
	if s.Army != nil {
		if err := checkArmy(f, s.Army); err != nil {
			return err
		}
	}
	switch {
	case setupStep && g.Step == StepScenario && s.Army != nil:
		return fmt.Errorf("an army before the scenario cards are revealed")
	case g.Step == StepMuster && s.Scenario == nil:
		return fmt.Errorf("mustering without a scenario card")
	case setupStep && len(s.Units) > 0:
		return fmt.Errorf("units before the armies are revealed")
	case !setupStep && (s.Army == nil || !g.Learning && s.Scenario == nil):
		return fmt.Errorf("in battle without an army or scenario card")
	}
	if setupStep {
		return nil
	}
	// The roster is the army's, unit for unit; only health, figures lost
	// and damage tokens change in play.
	want := roster(*s.Army)
	if len(s.Units) != len(want) {
		return fmt.Errorf("%d units for an army of %d", len(s.Units), len(want))
	}
	for i, u := range s.Units {
		w := want[i]
		switch {
		case u.ID != w.ID || u.Type != w.Type || u.Name != w.Name || u.Legend != w.Legend:
			return fmt.Errorf("unit %q where the army has %q", u.ID, w.ID)
		case u.Health < 1 || u.Health > maxHealth || u.Lost < 0 || u.Lost > u.Health || u.Damage < 0 || u.Damage > u.Health:
			return fmt.Errorf("unit %s: health %d, lost %d, damage %d", u.ID, u.Health, u.Lost, u.Damage)
		case u.Legend && u.Lost != 0 || !u.Legend && u.Damage != 0:
			return fmt.Errorf("unit %s: lost %d, damage %d", u.ID, u.Lost, u.Damage)
		}
	}
	return nil
}

// Describe renders an event as a line of history for seat. Every seat sees
// every event, but a scenario card or army chosen in setup reads in full
// only for its own player until both are revealed: the others and the
// public read that a choice was made. s is the state just before the event.
func (*Rules) Describe(s console.State, e console.Event, seat console.Seat) (string, bool) {
	g, err := asState(s)
	if err != nil || len(g.Sides) != 2 {
		return "a move the pad cannot read", true
	}
	return g.describe(e, seat), true
}

func (g *state) describe(e console.Event, seat console.Seat) string {
	unreadable := "a move the pad cannot read"
	name := func(side int) string {
		if f := Faction(side); f.valid() {
			return f.Name()
		}
		return fmt.Sprintf("side %d", side)
	}
	turn := func(t int) string { return fmt.Sprintf("Turn %d · ", t) }
	mine := func(side int) bool {
		return Faction(side).valid() && g.Sides[side].Seat == string(seat)
	}
	switch e.Type {
	case EventScenarioChosen:
		var d ScenarioChosen
		if console.Decode(e.Data, &d) != nil {
			return unreadable
		}
		if !mine(d.Side) {
			return fmt.Sprintf("%s chose a scenario card (hidden until both are revealed)", name(d.Side))
		}
		return fmt.Sprintf("%s chose the scenario card %s", name(d.Side), scenarioText(d))
	case EventScenariosRevealed:
		var d ScenariosRevealed
		if console.Decode(e.Data, &d) != nil {
			return unreadable
		}
		how := "by initiative"
		if d.By == "random" {
			how = "drawn at random, the initiatives being equal"
		}
		return fmt.Sprintf("Scenario cards revealed: Daqan %s; Uthuk %s. %s is the first player (%s)",
			scenarioText(d.Daqan), scenarioText(d.Uthuk), name(d.First), how)
	case EventArmyMustered:
		var d ArmyMustered
		if console.Decode(e.Data, &d) != nil {
			return unreadable
		}
		if !mine(d.Side) {
			return fmt.Sprintf("%s mustered an army (hidden until both are revealed)", name(d.Side))
		}
		return fmt.Sprintf("%s mustered %s", name(d.Side), armyText(d.Army))
	case EventArmiesRevealed:
		var d ArmiesRevealed
		if console.Decode(e.Data, &d) != nil {
			return unreadable
		}
		parts := []string{}
		for _, f := range Factions {
			if a := g.Sides[f].Army; a != nil {
				parts = append(parts, fmt.Sprintf("%s %s", f.Name(), armyText(*a)))
			}
		}
		return fmt.Sprintf("Armies revealed: %s. Each player holds %d command and %d lore cards. Turn 1: %s begins",
			strings.Join(parts, "; "), d.CommandCards, d.LoreCards, name(d.First))
	case EventCommandCardPlayed:
		var d CommandCardPlayed
		if console.Decode(e.Data, &d) != nil {
			return unreadable
		}
		if d.Card != "" {
			return fmt.Sprintf("%s%s played the command card %q", turn(d.Turn), name(d.Side), d.Card)
		}
		return fmt.Sprintf("%s%s played a command card", turn(d.Turn), name(d.Side))
	case EventStepDone:
		var d StepDone
		if console.Decode(e.Data, &d) != nil {
			return unreadable
		}
		return fmt.Sprintf("%s%s finished the %s", turn(d.Turn), name(d.Side), StepName(d.Step))
	case EventVPScored:
		var d VPScored
		if console.Decode(e.Data, &d) != nil {
			return unreadable
		}
		total := d.VP + d.Exchanged
		if Faction(d.Side).valid() {
			total += g.Sides[d.Side].VP
		}
		line := fmt.Sprintf("%s%s took %d VP for banners", turn(d.Turn), name(d.Side), d.VP)
		if d.Exchanged > 0 {
			line += fmt.Sprintf(" and %d for %d lore", d.Exchanged, d.Exchanged*LearningLorePerVP)
		}
		return line + fmt.Sprintf(" (now %d VP)", total)
	case EventCommandCardDrawn:
		var d CommandCardDrawn
		if console.Decode(e.Data, &d) != nil {
			return unreadable
		}
		return fmt.Sprintf("%s%s drew a command card", turn(d.Turn), name(d.Side))
	case EventLoreStep:
		var d LoreStep
		if console.Decode(e.Data, &d) != nil {
			return unreadable
		}
		var what string
		switch d.Choice {
		case LoreChoiceTokens:
			what = "took 2 lore tokens"
		case LoreChoiceTokenAndCard:
			what = "took 1 lore token and drew 1 lore card"
		default:
			what = "drew 2 lore cards"
		}
		if d.Discarded > 0 {
			what += fmt.Sprintf(" and discarded %d", d.Discarded)
		}
		return fmt.Sprintf("%s%s's Lore step: %s", turn(d.Turn), name(d.Side), what)
	case EventTurnEnded:
		var d TurnEnded
		if console.Decode(e.Data, &d) != nil {
			return unreadable
		}
		return fmt.Sprintf("Turn %d ends; turn %d: %s", d.Turn, d.Turn+1, name(d.Next))
	case EventGameEnded:
		var d GameEnded
		if console.Decode(e.Data, &d) != nil || len(d.VP) != 2 {
			return unreadable
		}
		w := name(d.Winner)
		if Faction(d.Winner).valid() {
			w = g.who(Faction(d.Winner))
		}
		switch d.Reason {
		case EndEliminated:
			return fmt.Sprintf("%s wins: every %s unit is eliminated", w, name(1-d.Winner))
		case EndConceded:
			return fmt.Sprintf("%s concedes: %s wins", name(1-d.Winner), w)
		}
		return fmt.Sprintf("%s wins with %d VP to %d (16 or more and more than the opponent at the start of a first-player turn)",
			w, d.VP[d.Winner&1], d.VP[1-d.Winner&1])
	case EventUnitDamaged, EventUnitHealed:
		var d UnitDamaged
		if console.Decode(e.Data, &d) != nil {
			return unreadable
		}
		u := g.unitCopy(d.Side, d.Unit)
		if u == nil {
			return fmt.Sprintf("%s: a unit no longer on the rosters (%d)", name(d.Side), d.Amount)
		}
		who := fmt.Sprintf("%s (%s)", u.Name, name(d.Side))
		if e.Type == EventUnitHealed {
			if u.Legend {
				u.Damage -= d.Amount
				return fmt.Sprintf("%s: %s removed (%d of %d)", who, plural(d.Amount, "damage token"), u.Damage, u.Health)
			}
			u.Lost -= d.Amount
			return fmt.Sprintf("%s: %s returned (%d left)", who, plural(d.Amount, "figure"), u.figures())
		}
		if u.Legend {
			u.Damage += d.Amount
			if u.eliminated() {
				return fmt.Sprintf("%s took %d damage and is eliminated", who, d.Amount)
			}
			return fmt.Sprintf("%s took %d damage (%d of %d)", who, d.Amount, u.Damage, u.Health)
		}
		u.Lost += d.Amount
		switch {
		case u.eliminated():
			return fmt.Sprintf("%s lost %s and is eliminated", who, plural(d.Amount, "figure"))
		case u.weak():
			return fmt.Sprintf("%s lost %s and is weak (1 left)", who, plural(d.Amount, "figure"))
		}
		return fmt.Sprintf("%s lost %s (%d left)", who, plural(d.Amount, "figure"), u.figures())
	case EventUnitHealthSet:
		var d UnitHealthSet
		if console.Decode(e.Data, &d) != nil {
			return unreadable
		}
		n := d.Unit
		if u := g.unitCopy(d.Side, d.Unit); u != nil {
			n = u.Name
		}
		return fmt.Sprintf("%s (%s): health set to %d (was %d)", n, name(d.Side), d.Health, d.Was)
	case EventLoreGained, EventCounterAdjusted:
		var d CounterChanged
		if console.Decode(e.Data, &d) != nil {
			return unreadable
		}
		now := d.By
		if Faction(d.Side).valid() {
			if c := g.Sides[d.Side].counter(d.Counter); c != nil {
				now += *c
			}
		}
		if e.Type == EventLoreGained {
			return fmt.Sprintf("%s gained %s (%d)", name(d.Side), plural(d.By, "lore token"), now)
		}
		return fmt.Sprintf("%s's %s adjusted by %+d to %d (by %s)", name(d.Side), counterName(d.Counter), d.By, now, e.Seat)
	case EventLoreCardPlayed:
		var d LoreCardPlayed
		if console.Decode(e.Data, &d) != nil {
			return unreadable
		}
		card := "a lore card"
		if d.Card != "" {
			card = fmt.Sprintf("the lore card %q", d.Card)
		}
		return fmt.Sprintf("%s%s used %s for %d lore", turn(d.Turn), name(d.Side), card, d.Cost)
	}
	return "a move the pad does not know"
}

// unitCopy returns a copy of a unit, or nil.
func (g *state) unitCopy(side int, id string) *unit {
	if !Faction(side).valid() {
		return nil
	}
	for _, u := range g.Sides[side].Units {
		if u.ID == id {
			return &u
		}
	}
	return nil
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// scenarioText renders a scenario card: "“Crossing the River of Sleep”
// (C1, banners 2, 1)".
func scenarioText(d ScenarioChosen) string {
	var b strings.Builder
	if d.Name != "" {
		fmt.Fprintf(&b, "%q ", d.Name)
	}
	fmt.Fprintf(&b, "(%s", d.Initiative)
	if len(d.Banners) > 0 {
		vals := make([]string, len(d.Banners))
		for i, v := range d.Banners {
			vals[i] = fmt.Sprint(v)
		}
		fmt.Fprintf(&b, ", banners %s", strings.Join(vals, ", "))
	}
	b.WriteString(")")
	return b.String()
}

// armyText renders an army: "4 Citadel Guard, 3 Yeoman Archers and the
// command tent, 47 of 50 muster points, 6 decoys, 3 lore".
func armyText(a Army) string {
	parts := []string{}
	for _, l := range a.Lines {
		parts = append(parts, fmt.Sprintf("%d %s", l.Count, l.Name))
	}
	if a.CommandTent {
		parts = append(parts, "the command tent")
	}
	text := strings.Join(parts, ", ")
	switch a.Source {
	case "army-card":
		return fmt.Sprintf("the army card %q: %s, %d decoys, %d lore", a.ArmyCardName, text, a.Decoys, a.Lore)
	case "learning":
		return text
	}
	return fmt.Sprintf("%s: %d of %d muster points, %d decoys, %d lore", text, a.Total, a.Limit, a.Decoys, a.Lore)
}
