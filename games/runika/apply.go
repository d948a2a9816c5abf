package runika

import (
	"fmt"
	"strings"

	"github.com/commandconsole/commandconsole/console"
)

// Apply folds one event into the game. It fails on an event it cannot
// decode or that does not fit the game (a damaged save), and never panics;
// on failure s may be partly changed and must be discarded, as the engine
// does.
func (r *Rules) Apply(s console.State, e console.Event) (console.State, error) {
	g, err := asState(s)
	if err != nil {
		return nil, err
	}
	if err := g.apply(e); err != nil {
		return nil, fmt.Errorf("runika: event %d (%s): %w", e.Seq, e.Type, err)
	}
	if err := g.check(); err != nil {
		return nil, fmt.Errorf("runika: event %d (%s) leaves a damaged game: %w", e.Seq, e.Type, err)
	}
	return g, nil
}

// turnPlayer checks that seat is the current player in the turns phase and
// returns its index.
func (g *state) turnPlayer(seat string) (int, error) {
	c := g.current()
	if c < 0 {
		return 0, fmt.Errorf("no turn is being played (phase %s)", g.Phase)
	}
	if g.Players[c].Seat != seat {
		return 0, fmt.Errorf("it is %s's turn, not %q's", g.Players[c].Seat, seat)
	}
	return c, nil
}

func (g *state) gain(p, n int) error {
	if n < 0 || n > MaxTokens || g.Players[p].Tokens+n > MaxTokens {
		return fmt.Errorf("%s cannot gain %d points tokens (has %d, at most %d)", g.Players[p].Seat, n, g.Players[p].Tokens, MaxTokens)
	}
	g.Players[p].Tokens += n
	g.This.Tokens += n
	return nil
}

func (g *state) apply(e console.Event) error {
	if g.Phase == PhaseOver {
		return fmt.Errorf("the game is over")
	}
	switch e.Type {
	case EventCharacterChosen:
		var d CharacterChosen
		if err := console.Decode(e.Data, &d); err != nil {
			return err
		}
		p := g.player(d.Player)
		if p < 0 {
			return fmt.Errorf("no player %q", d.Player)
		}
		g.Players[p].Character = d.Character
	case EventGameStarted:
		var d GameStarted
		if err := console.Decode(e.Data, &d); err != nil {
			return err
		}
		if g.Phase != PhaseSetup {
			return fmt.Errorf("the game has already started")
		}
		p := g.player(d.Initiative)
		if p < 0 {
			return fmt.Errorf("no player %q", d.Initiative)
		}
		g.Phase, g.Round, g.Initiative, g.Turn = PhaseDraft, 1, p, 0
	case EventDraftEnded:
		var d DraftEnded
		if err := console.Decode(e.Data, &d); err != nil {
			return err
		}
		if g.Phase != PhaseDraft || d.Round != g.Round {
			return fmt.Errorf("ends the draft of round %d in round %d's %s", d.Round, g.Round, g.Phase)
		}
		g.Phase, g.Turn, g.This = PhaseTurns, 0, turnLog{}
	case EventMasterInfluenced:
		var d MasterInfluenced
		if err := console.Decode(e.Data, &d); err != nil {
			return err
		}
		p, err := g.turnPlayer(d.Player)
		if err != nil {
			return err
		}
		i := elementIndex(d.Element)
		switch {
		case i < 0:
			return fmt.Errorf("no master %q", d.Element)
		case g.Slots[i] != "":
			return fmt.Errorf("the %s master's slot is already full", d.Element)
		case d.Token == g.Players[p].Influence[i]:
			return fmt.Errorf("token placed is %v but %s's token on the %s master is %v", d.Token, d.Player, d.Element, g.Players[p].Influence[i])
		case d.Point && d.Element != Fire:
			return fmt.Errorf("a points token from the %s master", d.Element)
		}
		if d.Point {
			if err := g.gain(p, 1); err != nil {
				return err
			}
		}
		g.Slots[i] = d.Player
		g.Players[p].Influence[i] = true
		g.This.Masters = append(g.This.Masters, d.Element)
	case EventRuneClaimed:
		var d RuneClaimed
		if err := console.Decode(e.Data, &d); err != nil {
			return err
		}
		p, err := g.turnPlayer(d.Player)
		if err != nil {
			return err
		}
		card := runeCard{Name: d.Name, Kind: d.Kind, Element: d.Element, Points: d.Points, Round: g.Round}
		if err := card.check(g.Round); err != nil {
			return err
		}
		switch {
		case card.Kind == KindMastery:
			return fmt.Errorf("a mastery rune in rune-claimed")
		case g.rowCards() <= 0:
			return fmt.Errorf("no rune card left in the row")
		case d.Drawn < 0 || d.Drawn > g.RuneDeck:
			return fmt.Errorf("draws %d cards from a rune deck of %d", d.Drawn, g.RuneDeck)
		}
		if err := g.gain(p, d.Tokens); err != nil {
			return err
		}
		g.RuneDeck -= d.Drawn
		g.Players[p].Runes = append(g.Players[p].Runes, card)
		g.This.Runes = append(g.This.Runes, d.Name)
	case EventMasteryClaimed:
		var d MasteryClaimed
		if err := console.Decode(e.Data, &d); err != nil {
			return err
		}
		p, err := g.turnPlayer(d.Player)
		if err != nil {
			return err
		}
		i := elementIndex(d.Element)
		if i < 0 {
			return fmt.Errorf("no mastery rune %q", d.Element)
		}
		m := &g.Masteries[i]
		if m.Owner != d.Owner {
			return fmt.Errorf("the %s mastery rune is held by %q, not %q", d.Element, m.Owner, d.Owner)
		}
		if d.Owner == "" {
			card := runeCard{Name: d.Name, Kind: KindMastery, Element: d.Element, Points: d.Value, Round: g.Round}
			if err := card.check(g.Round); err != nil {
				return err
			}
			if err := g.gain(p, d.Tokens); err != nil {
				return err
			}
			m.Owner, m.Name, m.Value = d.Player, d.Name, d.Value
			g.Players[p].Runes = append(g.Players[p].Runes, card)
		} else {
			if d.Owner == d.Player || d.Name != m.Name || d.Value != m.Value {
				return fmt.Errorf("completes %s's %s mastery %q worth %d; it is %q worth %d", d.Owner, d.Element, d.Name, d.Value, m.Name, m.Value)
			}
			if d.Tokens < 0 || d.Tokens > MaxTokens {
				return fmt.Errorf("%d tokens", d.Tokens)
			}
			if err := g.gain(p, d.Tokens+d.Value); err != nil {
				return err
			}
			g.Players[p].Completions = append(g.Players[p].Completions,
				completion{Element: d.Element, Owner: d.Owner, Value: d.Value, Tokens: d.Tokens, Round: g.Round})
		}
		g.This.Runes = append(g.This.Runes, d.Name)
	case EventTokensGained:
		var d TokensGained
		if err := console.Decode(e.Data, &d); err != nil {
			return err
		}
		p, err := g.turnPlayer(d.Player)
		if err != nil {
			return err
		}
		if d.Tokens < 1 {
			return fmt.Errorf("gains %d tokens", d.Tokens)
		}
		if err := g.gain(p, d.Tokens); err != nil {
			return err
		}
	case EventTurnEnded:
		var d TurnEnded
		if err := console.Decode(e.Data, &d); err != nil {
			return err
		}
		p, err := g.turnPlayer(d.Player)
		if err != nil {
			return err
		}
		pl := &g.Players[p]
		switch {
		case d.Returned != pl.allFour():
			return fmt.Errorf("tokens returned is %v but %s has influence on %d masters", d.Returned, d.Player, pl.influenceCount())
		case d.Merit != 0 && (!d.Returned || g.MeritDeck == 0 || d.Merit < MinMerit || d.Merit > MaxMerit):
			return fmt.Errorf("a merit card worth %d cannot be drawn", d.Merit)
		case d.Merit == 0 && d.Returned && g.MeritDeck > 0:
			return fmt.Errorf("%s has influence on all four masters but draws no merit card", d.Player)
		}
		if d.Returned {
			pl.Influence = make([]bool, len(masters))
		}
		if d.Merit != 0 {
			pl.Merits = append(pl.Merits, d.Merit)
			g.MeritDeck--
		}
		g.This = turnLog{}
		if g.Turn < len(g.Players)-1 {
			g.Turn++
		} else {
			// Every player has played: the round ends with round-ended.
			g.Turn = len(g.Players)
		}
	case EventRoundEnded:
		var d RoundEnded
		if err := console.Decode(e.Data, &d); err != nil {
			return err
		}
		if g.Phase != PhaseTurns || g.Turn != len(g.Players) || d.Round != g.Round {
			return fmt.Errorf("ends round %d before every player has played round %d", d.Round, g.Round)
		}
		next := (g.Initiative + 1) % len(g.Players)
		reasons := g.endReasons()
		switch {
		case d.Final != (len(reasons) > 0):
			return fmt.Errorf("final is %v but the end conditions met are %v", d.Final, reasons)
		case !d.Final && d.Initiative != g.Players[next].Seat:
			return fmt.Errorf("passes the initiative token to %q, not clockwise to %s", d.Initiative, g.Players[next].Seat)
		case d.Final && d.Initiative != "":
			return fmt.Errorf("passes the initiative token in the final round")
		}
		g.Slots = make([]string, len(masters))
		if !d.Final {
			g.Round++
			g.Initiative, g.Turn, g.Phase = next, 0, PhaseDraft
		}
	case EventGameEnded:
		var d GameEnded
		if err := console.Decode(e.Data, &d); err != nil {
			return err
		}
		reasons := g.endReasons()
		if g.Phase != PhaseTurns || g.Turn != len(g.Players) || len(reasons) == 0 {
			return fmt.Errorf("the game cannot end before the end of a round that meets an end condition")
		}
		if strings.Join(d.Reasons, ",") != strings.Join(reasons, ",") {
			return fmt.Errorf("ends for %v but the conditions met are %v", d.Reasons, reasons)
		}
		g.Phase, g.Reasons, g.Turn = PhaseOver, reasons, 0
	case EventDeckCorrected:
		var d DeckCorrected
		if err := console.Decode(e.Data, &d); err != nil {
			return err
		}
		switch d.Deck {
		case DeckRune:
			if d.Count < 0 || d.Count > RuneCards-g.claimedBasic() {
				return fmt.Errorf("a rune deck of %d", d.Count)
			}
			g.RuneDeck = d.Count
		case DeckMerit:
			if d.Count < 0 || d.Count > MeritCards-g.meritsDrawn() {
				return fmt.Errorf("a merit deck of %d", d.Count)
			}
			g.MeritDeck = d.Count
		default:
			return fmt.Errorf("no deck %q", d.Deck)
		}
	default:
		return fmt.Errorf("unknown event type %q", e.Type)
	}
	return nil
}

// clone returns a deep copy of the game, for looking ahead in Decide.
func (g *state) clone() *state {
	c := *g
	c.Players = make([]player, len(g.Players))
	for i, p := range g.Players {
		p.Runes = append([]runeCard(nil), p.Runes...)
		p.Merits = append([]int(nil), p.Merits...)
		p.Influence = append([]bool(nil), p.Influence...)
		p.Completions = append([]completion(nil), p.Completions...)
		c.Players[i] = p
	}
	c.Slots = append([]string(nil), g.Slots...)
	c.Masteries = append([]mastery(nil), g.Masteries...)
	c.This.Runes = append([]string(nil), g.This.Runes...)
	c.This.Masters = append([]string(nil), g.This.Masters...)
	c.Reasons = append([]string(nil), g.Reasons...)
	return &c
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
// (players, phase, indexes, cards and counters) and returns an error rather
// than a game the other methods could trip over.
func (*Rules) DecodeState(b []byte) (console.State, error) {
	var g state
	if err := console.Decode(b, &g); err != nil {
		return nil, fmt.Errorf("runika: %w", err)
	}
	if err := g.check(); err != nil {
		return nil, fmt.Errorf("runika: damaged state: %w", err)
	}
	return &g, nil
}

// checkText checks a stored name.
func checkText(what, s string, max int) error {
	if _, err := cleanName(what, s, max); err != nil {
		return err
	}
	if strings.TrimSpace(s) != s {
		return fmt.Errorf("the %s %q has spaces around it", what, s)
	}
	return nil
}

// check validates a rune card claimed by round.
func (c runeCard) check(round int) error {
	if err := checkText("rune card's name", c.Name, MaxNameLen); err != nil {
		return err
	}
	switch {
	case c.Kind != KindElemental && c.Kind != KindWild && c.Kind != KindMastery:
		return fmt.Errorf("rune %s: unknown kind %q", c.Name, c.Kind)
	case c.Kind == KindWild && c.Element != "":
		return fmt.Errorf("wild rune %s has element %q", c.Name, c.Element)
	case c.Kind != KindWild && elementIndex(c.Element) < 0:
		return fmt.Errorf("%s rune %s has element %q", c.Kind, c.Name, c.Element)
	case c.Points < 0 || c.Points > MaxRunePoints || (c.Kind == KindMastery && c.Points < 1):
		return fmt.Errorf("rune %s worth %d", c.Name, c.Points)
	case c.Round < 1 || c.Round > round:
		return fmt.Errorf("rune %s claimed in round %d of %d", c.Name, c.Round, round)
	}
	return nil
}

// check validates the whole game: what DecodeState accepts and Apply
// leaves.
func (g *state) check() error {
	if err := console.CheckSeats(New().Info(), g.seats()); err != nil {
		return err
	}
	n := len(g.Players)
	switch g.Phase {
	case PhaseSetup:
		if g.Round != 0 || g.Initiative != 0 || g.Turn != 0 {
			return fmt.Errorf("setup in round %d, initiative %d, turn %d", g.Round, g.Initiative, g.Turn)
		}
	case PhaseDraft, PhaseTurns, PhaseOver:
		if g.Round < 1 || g.Initiative < 0 || g.Initiative >= n {
			return fmt.Errorf("round %d, initiative %d", g.Round, g.Initiative)
		}
	default:
		return fmt.Errorf("unknown phase %q", g.Phase)
	}
	switch {
	case g.Phase == PhaseTurns && (g.Turn < 0 || g.Turn > n):
		return fmt.Errorf("turn %d of %d", g.Turn, n)
	case g.Phase != PhaseTurns && g.Turn != 0:
		return fmt.Errorf("turn %d in the %s phase", g.Turn, g.Phase)
	case g.Option != "" && g.player(g.Option) < 0:
		return fmt.Errorf("initiative option %q is not a player", g.Option)
	case len(g.Slots) != len(masters) || len(g.Masteries) != len(masters):
		return fmt.Errorf("%d slots and %d mastery runes", len(g.Slots), len(g.Masteries))
	case g.RuneDeck < 0 || g.RuneDeck+g.claimedBasic() > RuneCards:
		return fmt.Errorf("rune deck %d with %d basic runes claimed", g.RuneDeck, g.claimedBasic())
	case g.MeritDeck < 0 || g.MeritDeck+g.meritsDrawn() > MeritCards:
		return fmt.Errorf("merit deck %d with %d merit cards drawn", g.MeritDeck, g.meritsDrawn())
	case (g.Phase == PhaseOver) != (len(g.Reasons) > 0):
		return fmt.Errorf("phase %s with end reasons %v", g.Phase, g.Reasons)
	}
	for _, r := range g.Reasons {
		if r != EndPoints && r != EndRuneDeck && r != EndMeritDeck {
			return fmt.Errorf("unknown end reason %q", r)
		}
	}
	for i, by := range g.Slots {
		if by != "" && (g.player(by) < 0 || g.Phase != PhaseTurns) {
			return fmt.Errorf("the %s slot filled by %q in the %s phase", masters[i].Element, by, g.Phase)
		}
	}
	chars := map[string]string{}
	held := make([]int, len(masters))
	for _, p := range g.Players {
		if p.Character != "" {
			if err := checkText("character", p.Character, MaxCharacterLen); err != nil {
				return err
			}
			k := strings.ToLower(p.Character)
			if o, dup := chars[k]; dup {
				return fmt.Errorf("%s and %s both play %s", o, p.Seat, p.Character)
			}
			chars[k] = p.Seat
		}
		switch {
		case p.Tokens < 0 || p.Tokens > MaxTokens:
			return fmt.Errorf("%s has %d points tokens", p.Seat, p.Tokens)
		case len(p.Influence) != len(masters):
			return fmt.Errorf("%s has %d influence entries", p.Seat, len(p.Influence))
		case len(p.Runes) > RuneCards+len(masters):
			return fmt.Errorf("%s has %d rune cards", p.Seat, len(p.Runes))
		case len(p.Completions) > MaxTokens:
			return fmt.Errorf("%s has %d mastery completions", p.Seat, len(p.Completions))
		}
		for _, m := range p.Merits {
			if m < MinMerit || m > MaxMerit {
				return fmt.Errorf("%s has a merit card worth %d", p.Seat, m)
			}
		}
		for _, r := range p.Runes {
			if err := r.check(g.Round); err != nil {
				return fmt.Errorf("%s: %w", p.Seat, err)
			}
			if r.Kind == KindMastery {
				i := elementIndex(r.Element)
				m := g.Masteries[i]
				if m.Owner != p.Seat || m.Name != r.Name || m.Value != r.Points {
					return fmt.Errorf("%s has the %s mastery rune %s but the table says %q holds %q", p.Seat, r.Element, r.Name, m.Owner, m.Name)
				}
				held[i]++
			}
		}
		for _, c := range p.Completions {
			i := elementIndex(c.Element)
			switch {
			case i < 0 || c.Owner == p.Seat || g.player(c.Owner) < 0:
				return fmt.Errorf("%s completed %q's %q mastery", p.Seat, c.Owner, c.Element)
			case c.Value < 1 || c.Value > MaxRunePoints || c.Tokens < 0 || c.Tokens > MaxTokens:
				return fmt.Errorf("%s completed a mastery worth %d for %d tokens", p.Seat, c.Value, c.Tokens)
			case c.Round < 1 || c.Round > g.Round:
				return fmt.Errorf("%s completed a mastery in round %d of %d", p.Seat, c.Round, g.Round)
			}
		}
	}
	for i, m := range g.Masteries {
		if (m.Owner == "") != (held[i] == 0) || held[i] > 1 {
			return fmt.Errorf("the %s mastery rune is held by %q but %d players have it", masters[i].Element, m.Owner, held[i])
		}
	}
	t := g.This
	if t.Tokens < 0 || t.Tokens > MaxTokens || len(t.Runes) > RuneCards+len(masters)+MaxTokens || len(t.Masters) > len(masters) {
		return fmt.Errorf("this turn: %d tokens, %d runes, %d masters", t.Tokens, len(t.Runes), len(t.Masters))
	}
	for _, name := range t.Runes {
		if err := checkText("rune card's name", name, MaxNameLen); err != nil {
			return err
		}
	}
	for _, el := range t.Masters {
		if elementIndex(el) < 0 {
			return fmt.Errorf("this turn: influenced %q", el)
		}
	}
	return nil
}
