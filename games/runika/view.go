package runika

import (
	"fmt"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/pad"
)

// View is the game as one seat sees it: the whole table (Runika hides
// nothing), plus which commands that seat may issue now. The GUI and the
// command line render it; its JSON and msgpack field names are stable.
// Slices are never null.
type View struct {
	// Viewer is the seat the view was made for; "public" for a spectator.
	Viewer console.Seat `json:"viewer" msgpack:"viewer"`
	// Allowed lists the commands Viewer may issue now (their arguments
	// are still checked; Commands says which are accepted); empty for the
	// public view and after the end.
	Allowed []string `json:"allowed" msgpack:"allowed"`
	// Phase is "setup" (characters, then start), "draft" (step one of a
	// round: drawing and drafting dice), "turns" (step two) or "over".
	Phase string `json:"phase" msgpack:"phase"`
	// Round is the current round, 1-based; 0 during setup; the last round
	// played once the game is over.
	Round int `json:"round" msgpack:"round"`
	// Initiative is the seat holding the initiative token; empty during
	// setup.
	Initiative console.Seat `json:"initiative,omitempty" msgpack:"initiative,omitempty"`
	// InitiativeOption is the seat the "initiative" setup option names;
	// empty when the holder is drawn at random at start.
	InitiativeOption console.Seat `json:"initiative_option,omitempty" msgpack:"initiative_option,omitempty"`
	// DiceToDraw is how many dice the initiative holder draws from the bag
	// at the start of each round: 4 per player.
	DiceToDraw int `json:"dice_to_draw" msgpack:"dice_to_draw"`
	// TurnOrder is this round's turn (and draft) order: clockwise from the
	// initiative holder. Empty during setup.
	TurnOrder []console.Seat `json:"turn_order" msgpack:"turn_order"`
	// Current is the player whose turn it is; empty outside the turns
	// phase.
	Current console.Seat `json:"current,omitempty" msgpack:"current,omitempty"`
	// Acting are the seats the game waits for: every player during setup,
	// the initiative holder during the draft, the current player during
	// the turns; none once the game is over. A one-tablet game hands the
	// tablet to them.
	Acting []console.Seat `json:"acting" msgpack:"acting"`
	// Next says in words what to do now, naming the commands in
	// parentheses for the command line: "… ends the draft (end-draft).".
	Next string `json:"next" msgpack:"next"`
	// NextText says the same as Next in plain words, without command
	// names, for a screen of buttons: "… ends the draft.".
	NextText string `json:"next_text" msgpack:"next_text"`
	// Turn is what the current player has done this turn; nil outside the
	// turns phase.
	Turn *TurnView `json:"turn,omitempty" msgpack:"turn,omitempty"`
	// Players are the players in seat (clockwise) order.
	Players []PlayerView `json:"players" msgpack:"players"`
	// Masters are the four spell masters in element order (Air, Fire,
	// Earth, Water) with their slots and influence tokens.
	Masters []MasterView `json:"masters" msgpack:"masters"`
	// Masteries are the four mastery rune cards in element order.
	Masteries []MasteryView `json:"masteries" msgpack:"masteries"`
	// RuneRowSize is the number of spaces in the rune row: players + 1.
	RuneRowSize int `json:"rune_row_size" msgpack:"rune_row_size"`
	// RuneRowCards is the number of basic rune cards face up in the row,
	// stacked duplicates included (24 − rune deck − claimed). It falls
	// below RuneRowSize once the deck cannot refill the row.
	RuneRowCards int `json:"rune_row_cards" msgpack:"rune_row_cards"`
	// RuneDeck is the number of cards left in the rune deck (24 basic
	// runes in all).
	RuneDeck int `json:"rune_deck" msgpack:"rune_deck"`
	// MeritDeck is the number of cards left in the merit deck (12 in all).
	MeritDeck int `json:"merit_deck" msgpack:"merit_deck"`
	// TargetScore is the score that ends the game at the end of the round:
	// 20.
	TargetScore int `json:"target_score" msgpack:"target_score"`
	// LastRound is true while the game goes on but an end condition is
	// already met: the game ends when this round does.
	LastRound bool `json:"last_round" msgpack:"last_round"`
	// EndReasons are the end conditions met: "points" (a player has 20 or
	// more), "rune-deck" (the rune deck is empty), "merit-deck" (the merit
	// deck is empty). While LastRound they are the reasons the game will
	// end; once Finished, the reasons it ended.
	EndReasons []string `json:"end_reasons" msgpack:"end_reasons"`
	// Finished is true once the game is over.
	Finished bool `json:"finished" msgpack:"finished"`
	// Summary is the one-line status: "Round 3 · bob's turn · alice leads
	// with 14", "alice wins with 21".
	Summary string `json:"summary" msgpack:"summary"`
	// Placements are the final placements, best first, tying players
	// sharing a place (1, 1, 3): every player in first place wins. Only
	// when Finished.
	Placements []console.Placement `json:"placements,omitempty" msgpack:"placements,omitempty"`

	// Commands says, per command, whether Viewer may give it now, why not,
	// and what its arguments may be (affordances.go); none in the public
	// view, which gives no commands.
	Commands []console.Affordance `json:"commands,omitempty" msgpack:"commands,omitempty"`
}

// PlayerView is one player's side of the table.
type PlayerView struct {
	// Seat is the player's seat; the seats are the players.
	Seat console.Seat `json:"seat" msgpack:"seat"`
	// Name is the player's name (the seat name).
	Name string `json:"name" msgpack:"name"`
	// Character is the character the player plays; empty until chosen.
	Character string `json:"character,omitempty" msgpack:"character,omitempty"`
	// Initiative is true for the initiative holder.
	Initiative bool `json:"initiative" msgpack:"initiative"`
	// Current is true for the player whose turn it is.
	Current bool `json:"current" msgpack:"current"`
	// Played is true once the player has taken their turn this round.
	Played bool `json:"played" msgpack:"played"`
	// Runes are the rune cards the player has claimed (mastery runes
	// included), in the order claimed.
	Runes []RuneView `json:"runes" msgpack:"runes"`
	// RunePoints is the value of Runes.
	RunePoints int `json:"rune_points" msgpack:"rune_points"`
	// Merits are the values of the merit cards drawn, in order.
	Merits []int `json:"merits" msgpack:"merits"`
	// MeritPoints is the sum of Merits.
	MeritPoints int `json:"merit_points" msgpack:"merit_points"`
	// Tokens is the player's points tokens (completed masteries of other
	// players included).
	Tokens int `json:"tokens" msgpack:"tokens"`
	// Total is the score: RunePoints + MeritPoints + Tokens.
	Total int `json:"total" msgpack:"total"`
	// Influence lists the elements of the masters the player has an
	// influence token on, in element order.
	Influence []string `json:"influence" msgpack:"influence"`
	// MeritDue is true when the player has influence on all four masters:
	// at the end of their turn they take the tokens back and draw a merit
	// card, and end-turn needs its value (unless the merit deck is empty).
	MeritDue bool `json:"merit_due" msgpack:"merit_due"`
	// Completions are the other players' mastery runes this player
	// completed (points, no card).
	Completions []CompletionView `json:"completions" msgpack:"completions"`
	// Leader is true for every player with the best total now (all of
	// them before anyone has scored).
	Leader bool `json:"leader" msgpack:"leader"`
	// Place is the final place once the game is over (tied players share
	// it); 0 while it goes on.
	Place int `json:"place,omitempty" msgpack:"place,omitempty"`
}

// RuneView is one claimed rune card.
type RuneView struct {
	// Name is the card's name as entered (Spark, Thunderbolt …).
	Name string `json:"name" msgpack:"name"`
	// Kind is "elemental", "wild" or "mastery".
	Kind string `json:"kind" msgpack:"kind"`
	// Element is the card's element; empty for a wild rune.
	Element string `json:"element,omitempty" msgpack:"element,omitempty"`
	// Points is the card's value.
	Points int `json:"points" msgpack:"points"`
	// Round is the round it was claimed in.
	Round int `json:"round" msgpack:"round"`
}

// CompletionView is another player's mastery rune completed.
type CompletionView struct {
	// Element is the mastery rune's element.
	Element string `json:"element" msgpack:"element"`
	// Name is the mastery rune's name.
	Name string `json:"name" msgpack:"name"`
	// Owner holds the card.
	Owner console.Seat `json:"owner" msgpack:"owner"`
	// Value is the mastery's value, gained as points tokens.
	Value int `json:"value" msgpack:"value"`
	// Tokens are the points tokens for the dice used.
	Tokens int `json:"tokens" msgpack:"tokens"`
	// Round is the round it was completed in.
	Round int `json:"round" msgpack:"round"`
}

// MasterView is one spell master and their slot this round.
type MasterView struct {
	// Master is who the master is: element, title, name and ability.
	Master
	// SlotFull is true once a player has influenced the master this
	// round: nobody can influence them again until the round ends.
	SlotFull bool `json:"slot_full" msgpack:"slot_full"`
	// SlotBy is the player who filled the slot this round.
	SlotBy console.Seat `json:"slot_by,omitempty" msgpack:"slot_by,omitempty"`
	// Influence lists the players with an influence token on the master,
	// in seat order.
	Influence []console.Seat `json:"influence" msgpack:"influence"`
}

// MasteryView is one mastery rune card.
type MasteryView struct {
	// Element is the mastery rune's element.
	Element string `json:"element" msgpack:"element"`
	// Claimed is true once a player holds the card.
	Claimed bool `json:"claimed" msgpack:"claimed"`
	// Owner holds the card; empty while it lies unclaimed.
	Owner console.Seat `json:"owner,omitempty" msgpack:"owner,omitempty"`
	// Name and Value are known once the card is claimed.
	Name  string `json:"name,omitempty" msgpack:"name,omitempty"`
	Value int    `json:"value,omitempty" msgpack:"value,omitempty"`
}

// TurnView is what the current player has done this turn.
type TurnView struct {
	// Player is the current player.
	Player console.Seat `json:"player" msgpack:"player"`
	// Tokens are the points tokens gained this turn.
	Tokens int `json:"tokens" msgpack:"tokens"`
	// Runes are the names of the rune cards claimed or completed.
	Runes []string `json:"runes" msgpack:"runes"`
	// Masters are the elements of the masters influenced.
	Masters []string `json:"masters" msgpack:"masters"`
}

// View returns the table for seat; every seat sees the same table and only
// Viewer, Allowed and Commands differ. It returns a zero View for a state that is not
// a Runika game, and never panics.
func (r *Rules) View(s console.State, seat console.Seat) console.View {
	g, err := asState(s)
	if err != nil || g.check() != nil {
		return View{Viewer: seat, Summary: "not a Runika game"}
	}
	return g.view(r, seat)
}

func (g *state) view(r *Rules, seat console.Seat) View {
	n := len(g.Players)
	v := View{
		Viewer:           seat,
		Allowed:          []string{},
		Phase:            g.Phase,
		Round:            g.Round,
		InitiativeOption: console.Seat(g.Option),
		DiceToDraw:       DicePerPlayer * n,
		TurnOrder:        []console.Seat{},
		Acting:           []console.Seat{},
		Next:             g.next(true),
		NextText:         g.next(false),
		RuneRowSize:      n + 1,
		RuneRowCards:     g.rowCards(),
		RuneDeck:         g.RuneDeck,
		MeritDeck:        g.MeritDeck,
		TargetScore:      TargetScore,
		EndReasons:       append([]string{}, g.endReasons()...),
		Finished:         g.Phase == PhaseOver,
		Summary:          g.summary(),
	}
	v.LastRound = !v.Finished && g.Phase != PhaseSetup && len(v.EndReasons) > 0
	if v.Finished {
		v.EndReasons = append([]string{}, g.Reasons...)
	}
	if seat != console.Public {
		for _, c := range r.Commands() {
			if g.gate(seat, c.Name) == nil {
				v.Allowed = append(v.Allowed, c.Name)
			}
		}
	}
	v.Commands = r.affordances(g, seat)
	played := map[int]bool{}
	if g.Phase != PhaseSetup {
		v.Initiative = console.Seat(g.Players[g.Initiative].Seat)
		for k, i := range g.order() {
			v.TurnOrder = append(v.TurnOrder, console.Seat(g.Players[i].Seat))
			played[i] = g.Phase == PhaseOver || (g.Phase == PhaseTurns && k < g.Turn)
		}
	}
	switch g.Phase {
	case PhaseSetup:
		v.Acting = g.seats()
	case PhaseDraft:
		v.Acting = []console.Seat{v.Initiative}
	case PhaseTurns:
		if c := g.current(); c >= 0 {
			v.Current = console.Seat(g.Players[c].Seat)
			v.Acting = []console.Seat{v.Current}
			v.Turn = &TurnView{
				Player:  v.Current,
				Tokens:  g.This.Tokens,
				Runes:   append([]string{}, g.This.Runes...),
				Masters: append([]string{}, g.This.Masters...),
			}
		}
	}
	entries := g.entries()
	v.Players = make([]PlayerView, n)
	for i := range g.Players {
		p := &g.Players[i]
		pv := PlayerView{
			Seat: console.Seat(p.Seat), Name: p.name(), Character: p.Character,
			Initiative: g.Phase != PhaseSetup && i == g.Initiative,
			Current:    v.Current != "" && console.Seat(p.Seat) == v.Current,
			Played:     played[i],
			Runes:      make([]RuneView, 0, len(p.Runes)),
			RunePoints: p.runePoints(),
			Merits:     append([]int{}, p.Merits...),
			Tokens:     p.Tokens,
			Total:      entries[i].Score,
			Influence:  []string{},
			MeritDue:   p.allFour(),
		}
		pv.MeritPoints = pad.Sum(p.Merits)
		for _, c := range p.Runes {
			pv.Runes = append(pv.Runes, RuneView(c))
		}
		for k, b := range p.Influence {
			if b {
				pv.Influence = append(pv.Influence, masters[k].Element)
			}
		}
		pv.Completions = make([]CompletionView, 0, len(p.Completions))
		for _, c := range p.Completions {
			name := ""
			if k := elementIndex(c.Element); k >= 0 {
				name = g.Masteries[k].Name
			}
			pv.Completions = append(pv.Completions, CompletionView{
				Element: c.Element, Name: name, Owner: console.Seat(c.Owner), Value: c.Value, Tokens: c.Tokens, Round: c.Round,
			})
		}
		v.Players[i] = pv
	}
	for _, i := range pad.Leaders(entries, true) {
		v.Players[i].Leader = true
	}
	if v.Finished {
		v.Placements = g.placements()
		for _, pl := range v.Placements {
			if i := g.player(string(pl.Seat)); i >= 0 {
				v.Players[i].Place = pl.Place
			}
		}
	}
	v.Masters = make([]MasterView, len(masters))
	v.Masteries = make([]MasteryView, len(masters))
	for k, m := range masters {
		mv := MasterView{Master: m, SlotFull: g.Slots[k] != "", SlotBy: console.Seat(g.Slots[k]), Influence: []console.Seat{}}
		for _, p := range g.Players {
			if p.Influence[k] {
				mv.Influence = append(mv.Influence, console.Seat(p.Seat))
			}
		}
		v.Masters[k] = mv
		ms := g.Masteries[k]
		v.Masteries[k] = MasteryView{Element: m.Element, Claimed: ms.Owner != "", Owner: console.Seat(ms.Owner), Name: ms.Name, Value: ms.Value}
	}
	return v
}

// holder is the initiative holder's seat name.
func (g *state) holder() string { return g.Players[g.Initiative].Seat }

// next says in words what to do now; with hints, it names the commands
// in parentheses for the command line.
func (g *state) next(hints bool) string {
	hint := func(cmd string) string {
		if hints {
			return " (" + cmd + ")"
		}
		return ""
	}
	switch g.Phase {
	case PhaseSetup:
		who := "drawn at random"
		if g.Option != "" {
			who = "given to " + g.Option
		}
		return "Choose characters" + hint(CmdChooseCharacter) + ", then start the game" + hint(CmdStart) + "; the initiative token is " + who + "."
	case PhaseDraft:
		h := g.holder()
		return fmt.Sprintf("%s draws %d dice from the bag; the players draft them one at a time clockwise from %s until all are claimed; then %s ends the draft%s.",
			h, DicePerPlayer*len(g.Players), h, h, hint(CmdEndDraft))
	case PhaseTurns:
		c := g.current()
		if c < 0 {
			return fmt.Sprintf("Round %d is ending.", g.Round)
		}
		p := &g.Players[c]
		s := fmt.Sprintf("%s's turn: roll and resolve every stored die (masters open to influence: %s), claim rune cards, then end the turn%s.",
			p.Seat, g.openSlots(), hint(CmdEndTurn))
		if p.allFour() && g.MeritDeck > 0 {
			give := "give its value to " + CmdEndTurn
			if !hints {
				give = "give its value when ending the turn"
			}
			s += fmt.Sprintf(" %s has influence on all four masters: take the tokens back, draw a merit card and %s.", p.Seat, give)
		}
		return s
	}
	return "The game is over: " + pad.ResultLine(g.placements()) + "."
}

// summary is the one-line status of the game.
func (g *state) summary() string {
	lead := pad.LeadLine(g.entries(), true)
	last := ""
	if len(g.endReasons()) > 0 {
		last = " · last round"
	}
	switch g.Phase {
	case PhaseSetup:
		return "Setup · choose characters, then start"
	case PhaseDraft:
		return fmt.Sprintf("Round %d · draft: %s draws %d dice%s · %s", g.Round, g.holder(), DicePerPlayer*len(g.Players), last, lead)
	case PhaseTurns:
		if c := g.current(); c >= 0 {
			return fmt.Sprintf("Round %d · %s's turn%s · %s", g.Round, g.Players[c].Seat, last, lead)
		}
		return fmt.Sprintf("Round %d · ending · %s", g.Round, lead)
	}
	return pad.ResultLine(g.placements())
}

// Status reports whether the game is over, its one-line summary and, once
// it is over, the placements (tying players share first place and all
// win).
func (r *Rules) Status(s console.State) console.Status {
	g, err := asState(s)
	if err != nil || g.check() != nil {
		return console.Status{Summary: "not a Runika game"}
	}
	st := console.Status{Finished: g.Phase == PhaseOver, Summary: g.summary()}
	if st.Finished {
		st.Placements = g.placements()
	}
	return st
}

// reasonWords renders end reasons: "alice has 20 or more points and the
// rune deck is empty". g may be nil: the points reason then names no one.
func reasonWords(g *state, reasons []string) string {
	var over []string
	if g != nil {
		for _, p := range g.Players {
			if p.total() >= TargetScore {
				over = append(over, p.Seat)
			}
		}
	}
	return endReasonWords(reasons, over)
}

// EndReasonWords renders v.EndReasons in words, as the history does:
// "alice has 20 or more points and the rune deck is empty". The points
// reason names the players whose Total is TargetScore or more. It is empty
// when there are no end reasons.
func (v View) EndReasonWords() string {
	var over []string
	for _, p := range v.Players {
		if p.Total >= v.TargetScore {
			over = append(over, p.Name)
		}
	}
	return endReasonWords(v.EndReasons, over)
}

// endReasonWords renders end reasons, naming the players in over (those
// with TargetScore or more points) for EndPoints; with none, "a player".
// An unknown reason is left as it is.
func endReasonWords(reasons, over []string) string {
	var out []string
	for _, r := range reasons {
		switch r {
		case EndPoints:
			switch len(over) {
			case 0:
				out = append(out, fmt.Sprintf("a player has %d or more points", TargetScore))
			case 1:
				out = append(out, fmt.Sprintf("%s has %d or more points", over[0], TargetScore))
			default:
				out = append(out, fmt.Sprintf("%s have %d or more points", pad.JoinNames(over), TargetScore))
			}
		case EndRuneDeck:
			out = append(out, "the rune deck is empty")
		case EndMeritDeck:
			out = append(out, "the merit deck is empty")
		default:
			out = append(out, r)
		}
	}
	return pad.JoinNames(out)
}

// plural renders "1 points token", "2 points tokens".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// Describe renders an event as a line of history: "bob claims Spark (fire
// elemental rune, 2 points) and gains 1 points token; 1 card drawn, rune
// deck 19". Every seat sees every event. s is the state before the event.
func (*Rules) Describe(s console.State, e console.Event, _ console.Seat) (string, bool) {
	g, _ := s.(*state)
	if g != nil && g.check() != nil {
		g = nil
	}
	return describe(g, e), true
}

func describe(g *state, e console.Event) string {
	unreadable := e.Type + " (unreadable)"
	switch e.Type {
	case EventCharacterChosen:
		var d CharacterChosen
		if console.Decode(e.Data, &d) != nil {
			return unreadable
		}
		return fmt.Sprintf("%s plays %s", d.Player, d.Character)
	case EventGameStarted:
		var d GameStarted
		if console.Decode(e.Data, &d) != nil {
			return unreadable
		}
		how := "named at setup"
		if d.Drawn {
			how = "drawn at random"
		}
		line := fmt.Sprintf("game started: %s takes the initiative token (%s)", d.Initiative, how)
		if g != nil {
			line += fmt.Sprintf("; rune row of %d, rune deck %d, merit deck %d", len(g.Players)+1, g.RuneDeck, g.MeritDeck)
		}
		return line
	case EventDraftEnded:
		var d DraftEnded
		if console.Decode(e.Data, &d) != nil {
			return unreadable
		}
		line := fmt.Sprintf("round %d: dice drafted", d.Round)
		if g != nil && g.Phase == PhaseDraft {
			line += "; " + g.holder() + "'s turn"
		}
		return line
	case EventMasterInfluenced:
		var d MasterInfluenced
		if console.Decode(e.Data, &d) != nil {
			return unreadable
		}
		i := elementIndex(d.Element)
		if i < 0 {
			return unreadable
		}
		line := fmt.Sprintf("%s influences %s", d.Player, masterLabel(i))
		if d.Token {
			line += ", placing an influence token"
		} else {
			line += " (already has a token there)"
		}
		if d.Point {
			line += " and gains 1 points token"
		}
		return line
	case EventRuneClaimed:
		var d RuneClaimed
		if console.Decode(e.Data, &d) != nil {
			return unreadable
		}
		what := "wild rune"
		if d.Kind == KindElemental {
			what = d.Element + " elemental rune"
		}
		line := fmt.Sprintf("%s claims %s (%s, %s)", d.Player, d.Name, what, plural(d.Points, "point", "points"))
		if d.Tokens > 0 {
			line += " and gains " + plural(d.Tokens, "points token", "points tokens")
		}
		switch {
		case d.Drawn > 0 && g != nil:
			line += fmt.Sprintf("; %s drawn, rune deck %d", plural(d.Drawn, "card", "cards"), g.RuneDeck-d.Drawn)
		case d.Drawn > 0:
			line += "; " + plural(d.Drawn, "card", "cards") + " drawn"
		case g != nil && g.RuneDeck == 0:
			line += "; no card drawn: the rune deck is empty"
		default:
			line += "; no card drawn (a stacked duplicate is revealed)"
		}
		return line
	case EventMasteryClaimed:
		var d MasteryClaimed
		if console.Decode(e.Data, &d) != nil {
			return unreadable
		}
		if d.Owner == "" {
			line := fmt.Sprintf("%s claims the %s mastery rune %s (%s)", d.Player, elementTitle(d.Element), d.Name, plural(d.Value, "point", "points"))
			if d.Tokens > 0 {
				line += " and gains " + plural(d.Tokens, "points token", "points tokens")
			}
			return line
		}
		return fmt.Sprintf("%s completes %s's %s mastery rune %s: %s for the dice and %d for the mastery, no card",
			d.Player, d.Owner, elementTitle(d.Element), d.Name, plural(d.Tokens, "points token", "points tokens"), d.Value)
	case EventTokensGained:
		var d TokensGained
		if console.Decode(e.Data, &d) != nil {
			return unreadable
		}
		return fmt.Sprintf("%s gains %s", d.Player, plural(d.Tokens, "points token", "points tokens"))
	case EventTurnEnded:
		var d TurnEnded
		if console.Decode(e.Data, &d) != nil {
			return unreadable
		}
		line := d.Player + " ends the turn"
		switch {
		case d.Merit > 0:
			line += fmt.Sprintf(" with influence on all four masters: tokens back, merit card worth %d", d.Merit)
			if g != nil {
				line += fmt.Sprintf(" (merit deck %d)", g.MeritDeck-1)
			}
		case d.Returned:
			line += " with influence on all four masters: tokens back, no merit card left to draw"
		}
		if g != nil {
			if i := g.player(d.Player); i >= 0 {
				line += fmt.Sprintf("; %s has %d", d.Player, g.Players[i].total()+d.Merit)
			}
		}
		return line
	case EventRoundEnded:
		var d RoundEnded
		if console.Decode(e.Data, &d) != nil {
			return unreadable
		}
		if d.Final {
			line := fmt.Sprintf("round %d ends: spell slots cleared; the game is over", d.Round)
			if g != nil {
				line += " because " + reasonWords(g, g.endReasons())
			}
			return line
		}
		return fmt.Sprintf("round %d ends: spell slots cleared; the initiative token passes to %s", d.Round, d.Initiative)
	case EventGameEnded:
		var d GameEnded
		if console.Decode(e.Data, &d) != nil {
			return unreadable
		}
		return "game over (" + reasonWords(g, d.Reasons) + "): " + pad.ResultLine(d.Placements)
	case EventDeckCorrected:
		var d DeckCorrected
		if console.Decode(e.Data, &d) != nil {
			return unreadable
		}
		return fmt.Sprintf("%s deck corrected from %d to %d", d.Deck, d.Was, d.Count)
	}
	return strings.TrimSpace(e.Type)
}

// eventWords names what an event recorded, for a player: "the end of a
// turn" for turn-ended.
func eventWords(typ string) string {
	switch typ {
	case EventCharacterChosen:
		return "a character chosen"
	case EventGameStarted:
		return "the start of the game"
	case EventDraftEnded:
		return "the end of the draft"
	case EventMasterInfluenced:
		return "a spell master influenced"
	case EventRuneClaimed:
		return "a rune claimed"
	case EventMasteryClaimed:
		return "a mastery rune claimed"
	case EventTokensGained:
		return "points tokens gained"
	case EventTurnEnded:
		return "the end of a turn"
	case EventRoundEnded:
		return "the end of a round"
	case EventGameEnded:
		return "the end of the game"
	case EventDeckCorrected:
		return "a deck corrected"
	}
	return "a move"
}
