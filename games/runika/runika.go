// Package runika is the score pad and state pad for Runika and the
// Six-Sided Spellbooks (Fox Tale Games, 2–4 players).
//
// The dice, boards and cards stay on the table; the pad keeps what the
// players would otherwise count by hand and argue about: whose turn it is
// and what comes next, the initiative token, the rune row and the rune and
// merit decks, which spell master slots are full this round, each player's
// influence tokens, rune cards, merit cards and points tokens, and when the
// game ends and who won.
//
// # The game on the pad
//
// The seats are the players, in clockwise order round the table. A game
// goes through four phases:
//
//   - setup: each player may name their character (choose-character), the
//     rune deck counter may be corrected (correct-deck), and any player
//     starts the game (start). The initiative token goes to the seat named
//     by the "initiative" setup option or, when it is left out, to a seat
//     drawn with the game's dice; the draw is recorded in the game-started
//     event and cannot be undone.
//   - draft: step one of a round. The initiative holder draws 4 dice per
//     player and the players draft them clockwise; the holder then ends the
//     draft (end-draft) and takes the first turn.
//   - turns: step two. Only the current player acts: influence spell
//     masters (influence), claim rune cards (claim-rune, claim-mastery),
//     gain points tokens some other way (gain-tokens) and end the turn
//     (end-turn), with the value of the merit card drawn when they have
//     influence on all four masters. After the last player's turn the round
//     ends by itself (step three): the spell slots clear, the end of the
//     game is checked, and otherwise the initiative token passes clockwise
//     and the next round's draft begins.
//   - over: the game ended at the end of a round because a player had 20
//     or more points or the rune deck or the merit deck was empty. The
//     score is rune cards + merit cards + points tokens; every tying player
//     wins (they share first place).
//
// # Rulebook questions and the pad's answers
//
// The rulebook leaves some things open. The pad decides them so:
//
//   - Characters are not listed in the rulebook (Runika and Diego are
//     named), so a character is free text, chosen with choose-character at
//     any time before the end (it only labels the player), distinct between
//     players since each has its own board and tokens. A player without one
//     is shown by their seat name.
//   - The rulebook's first-player rule ("who last finished reading a book")
//     becomes the "initiative" setup option; left out, the game's dice draw
//     the holder when the game starts.
//   - The rune deck starts at 24 − (players + 1): the row is dealt from it.
//     Duplicates revealed while refilling are stacked and another card is
//     drawn, and claiming a stacked card reveals its duplicate without a
//     draw, so claim-rune takes how many cards were drawn (drawn, by default
//     1 while the deck lasts). correct-deck sets either counter to the
//     cards actually left (duplicates in the first deal, a miscount), never
//     more than the box holds (24 basic rune and 12 merit cards, rulebook
//     "Contents") less the cards claimed or drawn and, for the rune deck,
//     less the players + 1 cards face up in the row while it lasts.
//   - The pad keeps the invariant claimed basic runes + rune deck ≤ 24, so a
//     claim needs a card in the row: 24 − deck − claimed > 0.
//   - Completing a mastery rune: the rulebook allows completing one claimed
//     by another player (points, no card). Completing your own again is not
//     mentioned and is refused. An unclaimed mastery rune is claimed as a
//     card worth its printed value; a completion gains the dice tokens plus
//     that value as points tokens.
//   - The order of things within a turn (influence while resolving dice,
//     then claims) is not enforced: rune powers can change it, and the pad
//     only keeps count.
//   - A spell master's slot holds one energy die per round: once any player
//     influenced a master this round, nobody can influence it again until
//     the round ends. Each player has one influence token per master; a
//     player who influences a master they already hold a token on places
//     no second token but still uses the ability.
//   - Ainfean (Master of Fire) gives a points token when the discarded die
//     showed a points symbol: influence takes point=true for it.
//   - Merit cards: drawn at the end of the turn when the player's tokens are
//     on all four masters; end-turn then requires the card's value (2, 3 or
//     4) and refuses one otherwise. If the merit deck is already empty the
//     tokens still go back, no card is drawn, and the game ends with the
//     round anyway. The rulebook does not hide merit cards (and the
//     20-point check needs every total), so every seat sees every value.
//   - Points tokens only grow: corrections are made by undo.
//   - Rune powers (continuous, once per round, discard on your turn) are
//     not tracked: flipping a card does not change its points.
//   - Undo: only the seat that issued a command may take it back, and only
//     while it is the last command of the game (so a turn can be corrected
//     until the next player acts). The random initiative draw is a barrier
//     that cannot be undone.
package runika

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/pad"
)

// ID is the system id Runika registers under.
const ID = "runika"

// Numbers from the rulebook and limits of the pad.
const (
	// MinPlayers and MaxPlayers bound the number of seats.
	MinPlayers = 2
	MaxPlayers = 4
	// RuneCards is the number of basic rune cards (silver edges).
	RuneCards = 24
	// MeritCards is the number of merit cards.
	MeritCards = 12
	// DicePerPlayer is how many dice the initiative holder draws per player
	// at the start of each round.
	DicePerPlayer = 4
	// TargetScore ends the game at the end of the round in which any player
	// has at least this many points.
	TargetScore = 20
	// MinMerit and MaxMerit bound the value of a merit card.
	MinMerit = 2
	MaxMerit = 4
	// MaxRunePoints is the largest value the pad accepts for a rune card.
	MaxRunePoints = 10
	// MaxTokensAtOnce bounds the points tokens one command may give.
	MaxTokensAtOnce = 50
	// MaxTokens bounds one player's points tokens.
	MaxTokens = 1000
	// MaxNameLen bounds a rune card's name, in bytes.
	MaxNameLen = 40
	// MaxCharacterLen bounds a character's name, in bytes.
	MaxCharacterLen = 24
)

// Command names.
const (
	CmdChooseCharacter = "choose-character"
	CmdStart           = "start"
	CmdEndDraft        = "end-draft"
	CmdInfluence       = "influence"
	CmdClaimRune       = "claim-rune"
	CmdClaimMastery    = "claim-mastery"
	CmdGainTokens      = "gain-tokens"
	CmdEndTurn         = "end-turn"
	CmdCorrectDeck     = "correct-deck"
)

// Event types. They are stored in saves: never rename them.
const (
	EventCharacterChosen  = "character-chosen"
	EventGameStarted      = "game-started"
	EventDraftEnded       = "draft-ended"
	EventMasterInfluenced = "master-influenced"
	EventRuneClaimed      = "rune-claimed"
	EventMasteryClaimed   = "mastery-claimed"
	EventTokensGained     = "tokens-gained"
	EventTurnEnded        = "turn-ended"
	EventRoundEnded       = "round-ended"
	EventGameEnded        = "game-ended"
	EventDeckCorrected    = "deck-corrected"
)

// Phases of the game, as View.Phase shows them.
const (
	PhaseSetup = "setup"
	PhaseDraft = "draft"
	PhaseTurns = "turns"
	PhaseOver  = "over"
)

// Elements, in the rulebook's order (Air, Fire, Earth, Water): the four
// spell masters, the four mastery runes and the colours of the dice.
const (
	Air   = "air"
	Fire  = "fire"
	Earth = "earth"
	Water = "water"
)

// Kinds of rune card.
const (
	// KindElemental runes must be made with dice of the card's element.
	KindElemental = "elemental"
	// KindWild runes may be made with dice of any one colour.
	KindWild = "wild"
	// KindMastery runes are the four gold-edged runes, one per element.
	KindMastery = "mastery"
)

// Decks, for correct-deck and deck-corrected.
const (
	DeckRune  = "rune"
	DeckMerit = "merit"
)

// Reasons the game ends, in GameEnded.Reasons and View.EndReasons.
const (
	// EndPoints: a player had TargetScore or more points.
	EndPoints = "points"
	// EndRuneDeck: the rune deck was empty.
	EndRuneDeck = "rune-deck"
	// EndMeritDeck: the merit deck was empty.
	EndMeritDeck = "merit-deck"
)

// Master describes one spell master, for the view and messages.
type Master struct {
	// Element is the master's element and the energy that influences them.
	Element string `json:"element" msgpack:"element"`
	// Title is "Master of Air" and so on.
	Title string `json:"title" msgpack:"title"`
	// Name is the master's name on the card.
	Name string `json:"name" msgpack:"name"`
	// Ability is what a player must do after influencing the master.
	Ability string `json:"ability" msgpack:"ability"`
}

// masters are the four spell masters, in element order. The names come from
// the rulebook's examples (Simza pushes, Ainfean discards, Ekamu rotates,
// Ko'bataar gives two dice).
var masters = [4]Master{
	{Air, "Master of Air", "Simza", "Push a die on your spell grid into an adjacent space. This can push other dice."},
	{Fire, "Master of Fire", "Ainfean", "Discard one die on your spell grid. Gain 1 point token if the die you discarded showed a points symbol."},
	{Earth, "Master of Earth", "Ekamu", "Rotate your elemental disk to any of the four rotations."},
	{Water, "Master of Water", "Ko'bataar", "Draw two dice from the bag. Roll them and add them to your stored elements. You must resolve them this turn."},
}

// Masters returns the four spell masters in element order (Air, Fire,
// Earth, Water).
func Masters() []Master { return append([]Master(nil), masters[:]...) }

// Elements returns the four elements in the rulebook's order.
func Elements() []string { return []string{Air, Fire, Earth, Water} }

// elementIndex returns the position of e in Elements, or -1.
func elementIndex(e string) int {
	for i, m := range masters {
		if m.Element == e {
			return i
		}
	}
	return -1
}

// elementTitle is "Fire" for "fire".
func elementTitle(e string) string {
	if e == "" {
		return ""
	}
	return strings.ToUpper(e[:1]) + e[1:]
}

// masterLabel is "the Fire master (Ainfean)".
func masterLabel(i int) string {
	return fmt.Sprintf("the %s master (%s)", elementTitle(masters[i].Element), masters[i].Name)
}

// CharacterChosen is the payload of character-chosen: Player plays
// Character.
type CharacterChosen struct {
	Player    string `json:"player" msgpack:"player"`
	Character string `json:"character" msgpack:"character"`
}

// GameStarted is the payload of game-started: Initiative holds the token
// for round 1; Drawn is true when the game's dice chose the holder.
type GameStarted struct {
	Initiative string `json:"initiative" msgpack:"initiative"`
	Drawn      bool   `json:"drawn,omitempty" msgpack:"drawn,omitempty"`
}

// DraftEnded is the payload of draft-ended: the dice of Round are drafted
// and the initiative holder's turn begins.
type DraftEnded struct {
	Round int `json:"round" msgpack:"round"`
}

// MasterInfluenced is the payload of master-influenced: Player put an
// energy die on the slot of the master of Element. Token is true when the
// player placed an influence token there (they had none); Point is true
// when the Fire master's ability gave a points token.
type MasterInfluenced struct {
	Player  string `json:"player" msgpack:"player"`
	Element string `json:"element" msgpack:"element"`
	Token   bool   `json:"token,omitempty" msgpack:"token,omitempty"`
	Point   bool   `json:"point,omitempty" msgpack:"point,omitempty"`
}

// RuneClaimed is the payload of rune-claimed: Player took the basic rune
// card Name from the row. Tokens are the points tokens for the dice used;
// Drawn is the number of cards drawn from the rune deck to refill the row.
type RuneClaimed struct {
	Player  string `json:"player" msgpack:"player"`
	Name    string `json:"name" msgpack:"name"`
	Kind    string `json:"kind" msgpack:"kind"`
	Element string `json:"element,omitempty" msgpack:"element,omitempty"`
	Points  int    `json:"points" msgpack:"points"`
	Tokens  int    `json:"tokens,omitempty" msgpack:"tokens,omitempty"`
	Drawn   int    `json:"drawn,omitempty" msgpack:"drawn,omitempty"`
}

// MasteryClaimed is the payload of mastery-claimed: Player made the
// mastery rune of Element. When Owner is empty the player takes the card,
// worth Value; otherwise Owner holds it and the player completes it,
// gaining Value as points tokens. Tokens are the points tokens for the dice
// used.
type MasteryClaimed struct {
	Player  string `json:"player" msgpack:"player"`
	Element string `json:"element" msgpack:"element"`
	Name    string `json:"name" msgpack:"name"`
	Value   int    `json:"value" msgpack:"value"`
	Tokens  int    `json:"tokens,omitempty" msgpack:"tokens,omitempty"`
	Owner   string `json:"owner,omitempty" msgpack:"owner,omitempty"`
}

// TokensGained is the payload of tokens-gained: Player took Tokens points
// tokens for something the pad does not track (a rune power).
type TokensGained struct {
	Player string `json:"player" msgpack:"player"`
	Tokens int    `json:"tokens" msgpack:"tokens"`
}

// TurnEnded is the payload of turn-ended. Returned is true when the player
// had influence on all four masters and took the tokens back; Merit is the
// value of the merit card drawn then (0 when none was).
type TurnEnded struct {
	Player   string `json:"player" msgpack:"player"`
	Returned bool   `json:"returned,omitempty" msgpack:"returned,omitempty"`
	Merit    int    `json:"merit,omitempty" msgpack:"merit,omitempty"`
}

// RoundEnded is the payload of round-ended: the spell slots clear. Unless
// Final, Initiative receives the token and the next round's draft begins;
// a final round-ended is followed by game-ended.
type RoundEnded struct {
	Round      int    `json:"round" msgpack:"round"`
	Initiative string `json:"initiative,omitempty" msgpack:"initiative,omitempty"`
	Final      bool   `json:"final,omitempty" msgpack:"final,omitempty"`
}

// GameEnded is the payload of game-ended: why (EndPoints, EndRuneDeck,
// EndMeritDeck; one or more) and the final placements, recorded so the
// history reads the same whatever came after.
type GameEnded struct {
	Reasons    []string            `json:"reasons" msgpack:"reasons"`
	Placements []console.Placement `json:"placements" msgpack:"placements"`
}

// DeckCorrected is the payload of deck-corrected: the counter of Deck was
// set from Was to Count cards.
type DeckCorrected struct {
	Deck  string `json:"deck" msgpack:"deck"`
	Count int    `json:"count" msgpack:"count"`
	Was   int    `json:"was" msgpack:"was"`
}

// Rules is Runika's rule set; it implements console.Rules and keeps no
// state of its own, so one value serves every game.
type Rules struct{}

var _ console.Rules = (*Rules)(nil)

// New returns Runika's rules, for the registry.
func New() *Rules { return &Rules{} }

// Info describes Runika.
func (*Rules) Info() console.SystemInfo {
	return console.SystemInfo{
		ID:       ID,
		Name:     "Runika and the Six-Sided Spellbooks",
		Kind:     console.KindBoard,
		MinSeats: MinPlayers,
		MaxSeats: MaxPlayers,
		Doc: "Score and state pad for Runika: the seats are the players in clockwise order. " +
			"It keeps the initiative token, the draft and turn order, the spell master slots and influence, " +
			"rune and merit cards, points tokens and the decks, and ends the game at the end of the round " +
			"in which a player reaches 20 points or a deck runs out; all tying players win.",
		Options: []console.ArgSpec{
			{Name: "initiative", Kind: console.ArgSeat,
				Doc: "the player who takes the initiative token first (the rulebook: whoever last finished reading a book); " +
					"left out, the game's dice choose when the game starts"},
		},
		Playable: true,
	}
}

// Commands lists Runika's commands.
func (*Rules) Commands() []console.CommandSpec {
	element := func(doc string, required bool) console.ArgSpec {
		return console.ArgSpec{Name: "element", Kind: console.ArgEnum, Enum: Elements(), Required: required, Doc: doc}
	}
	tokens := console.ArgSpec{Name: "tokens", Kind: console.ArgInt, Min: console.Bounds(0), Max: console.Bounds(MaxTokensAtOnce), Default: "0",
		Doc: "points tokens for the dice with a points symbol used to make the rune"}
	return []console.CommandSpec{
		{Name: CmdChooseCharacter, Version: 1,
			Args: []console.ArgSpec{{Name: "character", Kind: console.ArgString, Required: true, MaxLen: MaxCharacterLen,
				Doc: "the character you play (Runika, Diego …); no two players the same"}},
			Doc:  "Name the character you play; it labels you on the pad and in the history.",
			When: "any time before the game is over; for yourself"},
		{Name: CmdStart, Version: 1,
			Doc: "Start the game: the initiative token goes to the seat of the initiative setup option, or to one drawn with the game's dice " +
				"(a draw that cannot be undone); round 1's draft begins.",
			When: "during setup; any player"},
		{Name: CmdEndDraft, Version: 1,
			Doc:  "The dice are drafted (4 per player, one at a time clockwise from the initiative holder): the player turns begin, the initiative holder's first.",
			When: "in a round's draft; the initiative holder"},
		{Name: CmdInfluence, Version: 1,
			Args: []console.ArgSpec{
				{Name: "master", Kind: console.ArgEnum, Enum: Elements(), Required: true,
					Doc: "the spell master whose empty slot gets your energy die: air (Simza), fire (Ainfean), earth (Ekamu) or water (Ko'bataar)"},
				{Name: "point", Kind: console.ArgBool,
					Doc: "fire only: the die discarded with Ainfean's ability showed a points symbol, so you gain 1 points token"},
			},
			Doc: "Influence a spell master with an energy die: their slot is full for the rest of the round, " +
				"you place an influence token on them if you have none there, and you use their ability.",
			When: "on your turn, on a master whose slot is still empty this round"},
		{Name: CmdClaimRune, Version: 1,
			Args: []console.ArgSpec{
				{Name: "name", Kind: console.ArgString, Required: true, MaxLen: MaxNameLen, Doc: "the rune card's name (Spark, Charm …)"},
				{Name: "kind", Kind: console.ArgEnum, Enum: []string{KindElemental, KindWild}, Required: true,
					Doc: "elemental (one element's colour) or wild (light purple: any one colour)"},
				element("the card's element; for elemental runes only", false),
				{Name: "points", Kind: console.ArgInt, Required: true, Min: console.Bounds(0), Max: console.Bounds(MaxRunePoints),
					Doc: "the points printed on the card"},
				tokens,
				{Name: "drawn", Kind: console.ArgInt, Min: console.Bounds(0), Max: console.Bounds(RuneCards),
					Doc: "cards drawn from the rune deck to refill the row: 1 when left out (0 once the deck is empty); " +
						"0 when the claimed card revealed a stacked duplicate, more when duplicates were drawn and stacked"},
			},
			Doc:  "Claim a basic rune card from the row: it scores its points, you gain the points tokens of the dice used, and the row is refilled from the rune deck.",
			When: "on your turn, while the row has a card"},
		{Name: CmdClaimMastery, Version: 1,
			Args: []console.ArgSpec{
				element("the mastery rune's element", true),
				{Name: "points", Kind: console.ArgInt, Min: console.Bounds(1), Max: console.Bounds(MaxRunePoints),
					Doc: "the value in the card's top right corner; needed when the card is claimed first, checked when it is completed"},
				{Name: "name", Kind: console.ArgString, MaxLen: MaxNameLen,
					Doc: "the card's name (Thunderbolt …) when it is claimed first; \"Fire mastery\" when left out"},
				tokens,
			},
			Doc: "Make a mastery rune: if nobody holds the card you take it and it scores its value; " +
				"if another player holds it you complete it, gaining its value as points tokens but no card.",
			When: "on your turn; not a mastery rune you hold"},
		{Name: CmdGainTokens, Version: 1,
			Args: []console.ArgSpec{{Name: "tokens", Kind: console.ArgInt, Required: true, Min: console.Bounds(1), Max: console.Bounds(MaxTokensAtOnce),
				Doc: "how many points tokens you take"}},
			Doc:  "Gain points tokens for something the pad does not count itself (a rune power).",
			When: "on your turn"},
		{Name: CmdEndTurn, Version: 1,
			Args: []console.ArgSpec{{Name: "merit", Kind: console.ArgInt, Min: console.Bounds(MinMerit), Max: console.Bounds(MaxMerit),
				Doc: "the value of the merit card you drew (2, 3 or 4); only and always when you have influence on all four masters"}},
			Doc: "End your turn: with influence on all four masters you take the tokens back and draw a merit card; " +
				"the row is refilled and the next player clockwise takes their turn, or the round ends after the last.",
			When: "on your turn"},
		{Name: CmdCorrectDeck, Version: 1,
			Args: []console.ArgSpec{
				{Name: "deck", Kind: console.ArgEnum, Enum: []string{DeckRune, DeckMerit}, Required: true, Doc: "the deck to correct"},
				{Name: "count", Kind: console.ArgInt, Required: true, Min: console.Bounds(0), Max: console.Bounds(RuneCards),
					Doc: "the number of cards actually left in it"},
			},
			Doc:  "Set a deck counter to the cards actually left, when the pad and the table disagree (duplicates stacked while dealing the row).",
			When: "any time before the game is over; any player"},
	}
}

// state is the whole game. Players are in seat (clockwise) order;
// Initiative and Turn are indexes.
type state struct {
	Players []player `msgpack:"players"`
	Phase   string   `msgpack:"phase"`
	// Round is 0 during setup, then the current round.
	Round int `msgpack:"round"`
	// Initiative is the index of the initiative holder (0 during setup).
	Initiative int `msgpack:"initiative"`
	// Turn is the position in this round's turn order of the current
	// player, during the turns phase.
	Turn int `msgpack:"turn"`
	// Option is the seat named by the initiative option, "" for a draw.
	Option string `msgpack:"option,omitempty"`
	// Slots holds, per element, the seat that filled the master's spell
	// slot this round, "" while it is empty.
	Slots []string `msgpack:"slots"`
	// Masteries holds the four mastery runes, per element.
	Masteries []mastery `msgpack:"masteries"`
	RuneDeck  int       `msgpack:"rune_deck"`
	MeritDeck int       `msgpack:"merit_deck"`
	// This is what the current player did this turn.
	This    turnLog  `msgpack:"this"`
	Reasons []string `msgpack:"reasons,omitempty"`
}

// player is one player's side of the table.
type player struct {
	Seat      string `msgpack:"seat"`
	Character string `msgpack:"character,omitempty"`
	Tokens    int    `msgpack:"tokens,omitempty"`
	// Runes are the rune cards claimed, basic and mastery, in order.
	Runes []runeCard `msgpack:"runes,omitempty"`
	// Merits are the values of the merit cards drawn, in order.
	Merits []int `msgpack:"merits,omitempty"`
	// Influence says, per element, whether the player has an influence
	// token on that master.
	Influence []bool `msgpack:"influence"`
	// Completions are the other players' mastery runes completed.
	Completions []completion `msgpack:"completions,omitempty"`
}

// runeCard is a claimed rune card.
type runeCard struct {
	Name    string `msgpack:"name"`
	Kind    string `msgpack:"kind"`
	Element string `msgpack:"element,omitempty"`
	Points  int    `msgpack:"points"`
	Round   int    `msgpack:"round"`
}

// completion is another player's mastery rune completed.
type completion struct {
	Element string `msgpack:"element"`
	Owner   string `msgpack:"owner"`
	Value   int    `msgpack:"value"`
	Tokens  int    `msgpack:"tokens,omitempty"`
	Round   int    `msgpack:"round"`
}

// mastery is one mastery rune card; Owner is "" while it lies unclaimed.
type mastery struct {
	Owner string `msgpack:"owner,omitempty"`
	Name  string `msgpack:"name,omitempty"`
	Value int    `msgpack:"value,omitempty"`
}

// turnLog is what the current player did this turn, for the view and the
// end-of-turn line.
type turnLog struct {
	Tokens  int      `msgpack:"tokens,omitempty"`
	Runes   []string `msgpack:"runes,omitempty"`
	Masters []string `msgpack:"masters,omitempty"`
}

func (p *player) name() string { return p.Seat }

// runePoints is the value of the player's rune cards.
func (p *player) runePoints() int {
	t := 0
	for _, r := range p.Runes {
		t += r.Points
	}
	return t
}

// total is the player's score: rune cards + merit cards + points tokens.
func (p *player) total() int { return p.runePoints() + pad.Sum(p.Merits) + p.Tokens }

// influenceCount is the number of masters the player has a token on.
func (p *player) influenceCount() int {
	n := 0
	for _, b := range p.Influence {
		if b {
			n++
		}
	}
	return n
}

func (p *player) allFour() bool { return p.influenceCount() == len(masters) }

func (g *state) player(seat string) int {
	for i := range g.Players {
		if g.Players[i].Seat == seat {
			return i
		}
	}
	return -1
}

func (g *state) seats() []console.Seat {
	out := make([]console.Seat, len(g.Players))
	for i, p := range g.Players {
		out[i] = console.Seat(p.Seat)
	}
	return out
}

// order is this round's turn order: clockwise from the initiative holder.
func (g *state) order() []int {
	n := len(g.Players)
	out := make([]int, n)
	for k := range out {
		out[k] = (g.Initiative + k) % n
	}
	return out
}

// current is the index of the player whose turn it is, or -1 outside the
// turns phase.
func (g *state) current() int {
	if g.Phase != PhaseTurns || g.Turn < 0 || g.Turn >= len(g.Players) {
		return -1
	}
	return (g.Initiative + g.Turn) % len(g.Players)
}

// claimedBasic counts the basic rune cards claimed by every player.
func (g *state) claimedBasic() int {
	n := 0
	for _, p := range g.Players {
		for _, r := range p.Runes {
			if r.Kind != KindMastery {
				n++
			}
		}
	}
	return n
}

// rowCards is the number of basic rune cards face up in the row, stacked
// duplicates included.
func (g *state) rowCards() int { return RuneCards - g.RuneDeck - g.claimedBasic() }

// meritsDrawn counts the merit cards drawn by every player.
func (g *state) meritsDrawn() int {
	n := 0
	for _, p := range g.Players {
		n += len(p.Merits)
	}
	return n
}

func (g *state) entries() []pad.Entry {
	out := make([]pad.Entry, len(g.Players))
	for i := range g.Players {
		p := &g.Players[i]
		out[i] = pad.Entry{Seat: console.Seat(p.Seat), Name: p.name(), Score: p.total()}
	}
	return out
}

func (g *state) placements() []console.Placement { return pad.Placements(g.entries(), true) }

// endReasons lists the end conditions met now, in a fixed order.
func (g *state) endReasons() []string {
	var out []string
	for _, p := range g.Players {
		if p.total() >= TargetScore {
			out = append(out, EndPoints)
			break
		}
	}
	if g.RuneDeck == 0 {
		out = append(out, EndRuneDeck)
	}
	if g.MeritDeck == 0 {
		out = append(out, EndMeritDeck)
	}
	return out
}

// New builds the game in its setup phase from the setup's seats and
// options.
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
	n := len(setup.Seats)
	g := &state{
		Players:   make([]player, n),
		Phase:     PhaseSetup,
		Option:    opts.String("initiative"),
		Slots:     make([]string, len(masters)),
		Masteries: make([]mastery, len(masters)),
		RuneDeck:  RuneCards - (n + 1),
		MeritDeck: MeritCards,
	}
	for i, s := range setup.Seats {
		g.Players[i] = player{Seat: string(s), Influence: make([]bool, len(masters))}
	}
	return g, nil
}

// errWrongState is returned when the engine hands the rules a state that is
// not a Runika game.
var errWrongState = errors.New("runika: state is not a Runika game")

func asState(s console.State) (*state, error) {
	g, ok := s.(*state)
	if !ok || g == nil {
		return nil, fmt.Errorf("%w (got %T)", errWrongState, s)
	}
	return g, nil
}

// gate checks that seat may issue the command named cmd now, whatever its
// arguments: the phase and whose turn it is. View.Allowed lists the
// commands it lets through.
func (g *state) gate(seat console.Seat, cmd string) error {
	if g.Phase == PhaseOver {
		return console.RejectWith(console.ReasonGameOver, "the game is over (%s); undo the last command to change it", pad.ResultLine(g.placements()))
	}
	p := g.player(string(seat))
	if p < 0 {
		return console.RejectWith(console.ReasonNotFound, "%q is not at this table; the players are %s", seat, g.playerList())
	}
	holder := g.Players[g.Initiative].Seat
	switch cmd {
	case CmdChooseCharacter, CmdCorrectDeck:
		return nil
	case CmdStart:
		if g.Phase != PhaseSetup {
			return console.RejectWith(console.ReasonWrongPhase, "the game has already started (round %d)", g.Round)
		}
		return nil
	case CmdEndDraft:
		switch {
		case g.Phase == PhaseSetup:
			return console.RejectWith(console.ReasonWrongPhase, "the game has not started yet: choose characters, then start")
		case g.Phase == PhaseTurns:
			return console.RejectWith(console.ReasonWrongPhase, "the draft of round %d is over: %s", g.Round, g.turnWords())
		case p != g.Initiative:
			return console.RejectWith(console.ReasonNotYourTurn, "%s holds the initiative token and ends the draft", holder)
		}
		return nil
	}
	// The turn commands.
	switch g.Phase {
	case PhaseSetup:
		return console.RejectWith(console.ReasonWrongPhase, "the game has not started yet: choose characters, then start")
	case PhaseDraft:
		return console.RejectTry(console.ReasonWrongPhase, CmdEndDraft, "round %d's dice are being drafted: %s, who holds the initiative token, ends the draft and takes the first turn",
			g.Round, holder)
	}
	if c := g.current(); p != c {
		return console.RejectWith(console.ReasonNotYourTurn, "%s", g.turnWords())
	}
	return nil
}

// turnWords says whose turn it is: "it is bob's turn", or that the round is
// ending (a state seen only between the events of the last end-turn).
func (g *state) turnWords() string {
	if c := g.current(); c >= 0 {
		return "it is " + g.Players[c].Seat + "'s turn"
	}
	return fmt.Sprintf("every player has played round %d; the round is ending", g.Round)
}

func (g *state) playerList() string {
	names := make([]string, len(g.Players))
	for i, p := range g.Players {
		names[i] = p.Seat
	}
	return strings.Join(names, ", ")
}

// Decide checks a command against the game and returns its events. It never
// modifies s; it rolls dice only to draw the initiative holder at start.
func (r *Rules) Decide(s console.State, seat console.Seat, cmd console.Command, d *console.Dice) ([]console.Event, error) {
	g, err := asState(s)
	if err != nil {
		return nil, err
	}
	specs := r.Commands()
	spec, ok := console.FindCommand(specs, cmd.Name)
	if !ok {
		return nil, console.RejectWith(console.ReasonBadInput, "unknown command %q (commands: %s)", cmd.Name, strings.Join(console.CommandNames(specs), ", "))
	}
	// Validating again is cheap and idempotent, and keeps Decide safe when
	// called with raw arguments.
	args, err := console.ValidateArgs(spec.Args, cmd.Args, g.seats())
	if err != nil {
		return nil, console.RejectWith(console.ReasonBadInput, "%s: %v", cmd.Name, err)
	}
	if err := g.gate(seat, cmd.Name); err != nil {
		return nil, err
	}
	p := g.player(string(seat))
	var events []console.Event
	switch cmd.Name {
	case CmdChooseCharacter:
		events, err = g.decideCharacter(p, args)
	case CmdStart:
		events, err = g.decideStart(d)
	case CmdEndDraft:
		events, err = one(EventDraftEnded, DraftEnded{Round: g.Round})
	case CmdInfluence:
		events, err = g.decideInfluence(p, args)
	case CmdClaimRune:
		events, err = g.decideRune(p, args)
	case CmdClaimMastery:
		events, err = g.decideMastery(p, args)
	case CmdGainTokens:
		events, err = g.decideTokens(p, args)
	case CmdEndTurn:
		events, err = g.decideEndTurn(p, args)
	case CmdCorrectDeck:
		events, err = g.decideCorrect(args)
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

// one returns a single event.
func one(typ string, data any) ([]console.Event, error) {
	e, err := console.NewEvent(typ, data)
	if err != nil {
		return nil, err
	}
	return []console.Event{e}, nil
}

// cleanName trims a name and checks it is printable text of at most max
// bytes.
func cleanName(what, s string, max int) (string, error) {
	s = strings.TrimSpace(s)
	switch {
	case s == "":
		return "", console.Reject("the %s cannot be empty", what)
	case !utf8.ValidString(s):
		return "", console.Reject("the %s is not valid UTF-8", what)
	case len(s) > max:
		return "", console.Reject("the %s is %d bytes long; at most %d allowed", what, len(s), max)
	}
	for _, c := range s {
		if c < ' ' || c == 0x7f {
			return "", console.Reject("the %s contains a control character", what)
		}
	}
	return s, nil
}

func (g *state) decideCharacter(p int, args console.Args) ([]console.Event, error) {
	c, err := cleanName("character", args.String("character"), MaxCharacterLen)
	if err != nil {
		return nil, err
	}
	for i, o := range g.Players {
		if i != p && strings.EqualFold(o.Character, c) {
			return nil, console.Reject("%s already plays %s; choose another character", o.Seat, o.Character)
		}
	}
	if g.Players[p].Character == c {
		return nil, console.Reject("%s already plays %s", g.Players[p].Seat, c)
	}
	return one(EventCharacterChosen, CharacterChosen{Player: g.Players[p].Seat, Character: c})
}

func (g *state) decideStart(d *console.Dice) ([]console.Event, error) {
	st := GameStarted{Initiative: g.Option}
	if st.Initiative == "" {
		if d == nil {
			return nil, errors.New("runika: start needs the game's dice to draw the initiative holder")
		}
		st.Initiative, st.Drawn = g.Players[d.IntN(len(g.Players))].Seat, true
	}
	events, err := one(EventGameStarted, st)
	if err == nil && st.Drawn {
		// Everyone has seen the draw: no one seat may take it back.
		events[0].Barrier = true
	}
	return events, err
}

// addTokens refuses a gain that would take a player past MaxTokens.
func (g *state) addTokens(p, n int) error {
	if t := g.Players[p].Tokens + n; t > MaxTokens {
		return console.Reject("%s would have %d points tokens; the pad holds at most %d", g.Players[p].Seat, t, MaxTokens)
	}
	return nil
}

func (g *state) decideInfluence(p int, args console.Args) ([]console.Event, error) {
	el := args.String("master")
	i := elementIndex(el)
	if by := g.Slots[i]; by != "" {
		who := by
		if by == g.Players[p].Seat {
			who = "you"
		}
		return nil, console.Reject("the %s master's slot is already full this round (%s influenced %s); open now: %s",
			elementTitle(el), who, masters[i].Name, g.openSlots())
	}
	point := args.Bool("point")
	if point && el != Fire {
		return nil, console.Reject("point is for the Fire master (Ainfean) only: %s's ability gives no points token", masters[i].Name)
	}
	if point {
		if err := g.addTokens(p, 1); err != nil {
			return nil, err
		}
	}
	return one(EventMasterInfluenced, MasterInfluenced{
		Player: g.Players[p].Seat, Element: el, Token: !g.Players[p].Influence[i], Point: point,
	})
}

// openSlots lists the masters whose slot is empty: "Air (Simza), Water
// (Ko'bataar)", or "none".
func (g *state) openSlots() string {
	var out []string
	for i, m := range masters {
		if g.Slots[i] == "" {
			out = append(out, fmt.Sprintf("%s (%s)", elementTitle(m.Element), m.Name))
		}
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, ", ")
}

func (g *state) decideRune(p int, args console.Args) ([]console.Event, error) {
	name, err := cleanName("rune card's name", args.String("name"), MaxNameLen)
	if err != nil {
		return nil, err
	}
	kind, el := args.String("kind"), args.String("element")
	switch {
	case kind == KindElemental && el == "":
		return nil, console.RejectTry(console.ReasonNotAllowed, CmdClaimRune+" element=air|fire|earth|water", "an elemental rune has an element: air, fire, earth or water")
	case kind == KindWild && el != "":
		return nil, console.Reject("a wild rune has no element of its own (it may be made with any one colour): choose no element")
	}
	if g.rowCards() <= 0 {
		return nil, console.RejectTry(console.ReasonNotAllowed, CmdCorrectDeck, "no rune card is left in the row (the rune deck has %d); correct the deck if the table shows otherwise", g.RuneDeck)
	}
	drawn := 1
	if g.RuneDeck == 0 {
		drawn = 0
	}
	if args.Has("drawn") {
		drawn = args.Int("drawn")
	}
	if drawn > g.RuneDeck {
		return nil, console.Reject("%d cards cannot be drawn: the rune deck has %d", drawn, g.RuneDeck)
	}
	tokens := args.Int("tokens")
	if err := g.addTokens(p, tokens); err != nil {
		return nil, err
	}
	return one(EventRuneClaimed, RuneClaimed{
		Player: g.Players[p].Seat, Name: name, Kind: kind, Element: el,
		Points: args.Int("points"), Tokens: tokens, Drawn: drawn,
	})
}

func (g *state) decideMastery(p int, args console.Args) ([]console.Event, error) {
	el := args.String("element")
	i := elementIndex(el)
	m := g.Masteries[i]
	me := g.Players[p].Seat
	tokens := args.Int("tokens")
	ev := MasteryClaimed{Player: me, Element: el, Tokens: tokens}
	switch {
	case m.Owner == me:
		return nil, console.Reject("you already hold the %s mastery rune %s; only another player's mastery rune can be completed", elementTitle(el), m.Name)
	case m.Owner == "":
		if !args.Has("points") {
			return nil, console.RejectTry(console.ReasonNotAllowed, CmdClaimMastery+" points=N", "the %s mastery rune is claimed for the first time: give its value, the number in its top right corner", elementTitle(el))
		}
		ev.Value = args.Int("points")
		ev.Name = elementTitle(el) + " mastery"
		if args.Has("name") {
			name, err := cleanName("mastery rune's name", args.String("name"), MaxNameLen)
			if err != nil {
				return nil, err
			}
			ev.Name = name
		}
	default:
		if args.Has("points") && args.Int("points") != m.Value {
			return nil, console.Reject("%s's %s mastery rune %s is worth %d, not %d", m.Owner, elementTitle(el), m.Name, m.Value, args.Int("points"))
		}
		if args.Has("name") && !strings.EqualFold(strings.TrimSpace(args.String("name")), m.Name) {
			return nil, console.Reject("the %s mastery rune is %s (held by %s), not %q", elementTitle(el), m.Name, m.Owner, args.String("name"))
		}
		ev.Name, ev.Value, ev.Owner = m.Name, m.Value, m.Owner
		tokens += m.Value
	}
	if err := g.addTokens(p, tokens); err != nil {
		return nil, err
	}
	return one(EventMasteryClaimed, ev)
}

func (g *state) decideTokens(p int, args console.Args) ([]console.Event, error) {
	n := args.Int("tokens")
	if err := g.addTokens(p, n); err != nil {
		return nil, err
	}
	return one(EventTokensGained, TokensGained{Player: g.Players[p].Seat, Tokens: n})
}

func (g *state) decideEndTurn(p int, args console.Args) ([]console.Event, error) {
	pl := &g.Players[p]
	te := TurnEnded{Player: pl.Seat, Returned: pl.allFour()}
	switch {
	case !te.Returned && args.Has("merit"):
		return nil, console.Reject("%s has influence on %d of the 4 spell masters (missing: %s); a merit card is drawn only with all four",
			pl.Seat, pl.influenceCount(), g.missing(p))
	case te.Returned && g.MeritDeck == 0 && args.Has("merit"):
		return nil, console.Reject("the merit deck is empty: %s takes the influence tokens back but draws no merit card; end the turn without merit", pl.Seat)
	case te.Returned && g.MeritDeck > 0 && !args.Has("merit"):
		return nil, console.RejectTry(console.ReasonNotAllowed, CmdEndTurn+" merit=2|3|4", "%s has influence on all four spell masters: take the tokens back, draw a merit card and end the turn with its value, 2, 3 or 4", pl.Seat)
	}
	te.Merit = args.Int("merit")
	events, err := one(EventTurnEnded, te)
	if err != nil {
		return nil, err
	}
	if g.Turn < len(g.Players)-1 {
		return events, nil
	}
	// The last turn of the round: step three follows. Work out the end
	// check on the state as it will be after the merit card.
	after := g.clone()
	if err := after.apply(events[0]); err != nil {
		return nil, err
	}
	reasons := after.endReasons()
	re := RoundEnded{Round: g.Round, Final: len(reasons) > 0}
	if !re.Final {
		re.Initiative = g.Players[(g.Initiative+1)%len(g.Players)].Seat
	}
	e, err := console.NewEvent(EventRoundEnded, re)
	if err != nil {
		return nil, err
	}
	events = append(events, e)
	if re.Final {
		e, err := console.NewEvent(EventGameEnded, GameEnded{Reasons: reasons, Placements: after.placements()})
		if err != nil {
			return nil, err
		}
		events = append(events, e)
	}
	return events, nil
}

// missing lists the masters player p has no token on: "Earth, Water".
func (g *state) missing(p int) string {
	var out []string
	for i, b := range g.Players[p].Influence {
		if !b && i < len(masters) {
			out = append(out, elementTitle(masters[i].Element))
		}
	}
	return strings.Join(out, ", ")
}

func (g *state) decideCorrect(args console.Args) ([]console.Event, error) {
	deck, count := args.String("deck"), args.Int("count")
	ev := DeckCorrected{Deck: deck, Count: count}
	switch deck {
	case DeckRune:
		ev.Was = g.RuneDeck
		// While the deck holds a card, every place of the row (players
		// + 1) holds one face up (rulebook "Setup"; a gap is refilled at
		// once, "Rune row"), so those cards are never in the deck.
		row := len(g.Players) + 1
		if max := max(RuneCards-g.claimedBasic()-row, 0); count > max {
			return nil, console.Reject("the rune deck cannot hold %d cards: of the %d basic runes %d are claimed and %d lie face up in the row (players + 1), so at most %d are left in the deck",
				count, RuneCards, g.claimedBasic(), row, max)
		}
	case DeckMerit:
		ev.Was = g.MeritDeck
		if max := MeritCards - g.meritsDrawn(); count > max {
			return nil, console.Reject("the merit deck cannot hold %d cards: %d of the %d merit cards are drawn, so at most %d are left",
				count, g.meritsDrawn(), MeritCards, max)
		}
	}
	if ev.Was == count {
		return nil, console.Reject("the %s deck already shows %d cards", deck, count)
	}
	return one(EventDeckCorrected, ev)
}

// Undoable lets the seat that issued a command take it back, as long as it
// is the last command of the game (the engine only ever offers the last).
func (*Rules) Undoable(s console.State, seat console.Seat, last []console.Event) error {
	if len(last) == 0 {
		return console.Reject("nothing to undo")
	}
	if by := last[0].Seat; by != seat {
		return console.Reject("only %s can take back %s's last move, %s", by, by, eventWords(last[0].Type))
	}
	return nil
}
