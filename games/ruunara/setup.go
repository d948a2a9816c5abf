package ruunara

import (
	"fmt"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/ruunara/card"
)

// cardFields are define-card's field arguments (RU-D59).
var cardFields = []string{"id", "name", "faction", "race", "hp", "move", "vision", "close", "ranged", "range", "size"}

// defineCard creates a card or changes the fields given (RU-D59).
func (x *decider) defineCard(a console.Args) error {
	u := x.g.unitOf(x.who)
	if js := a.String("json"); js != "" {
		cs, err := card.DecodeRecords([]byte(js))
		if err != nil {
			return console.RejectWith(console.ReasonBadInput, "the card cannot be read: %v", err)
		}
		for _, c := range cs {
			c.Custom = true
			x.emit(EvCardDefined, CardDefined{Card: c})
		}
		return nil
	}
	fields := map[string]string{}
	for _, f := range cardFields {
		if a.Has(f) {
			fields[f] = a.String(f)
		}
	}
	id := strings.ToLower(strings.TrimSpace(fields["id"]))
	if id == "" {
		return console.RejectTry(console.ReasonBadInput, "define-card id=… name=…", "give the card a name")
	}
	var base *card.Card
	if c, ok := x.g.card(id); ok {
		base = &c
	} else if len(x.g.Cards) >= MaxCards {
		return console.Reject("a game holds at most %d cards", MaxCards)
	}
	c, err := card.DefineFields(base, fields, u)
	if err != nil {
		return console.RejectWith(console.ReasonBadInput, "%v", err)
	}
	c.Custom = true
	x.emit(EvCardDefined, CardDefined{Card: c})
	return nil
}

func (x *decider) cardArg(a console.Args) (card.Card, error) {
	id := strings.ToLower(strings.TrimSpace(a.String("card")))
	c, ok := x.g.card(id)
	if !ok {
		return card.Card{}, console.RejectWith(console.ReasonNotFound, "there is no such card (%s)", id)
	}
	return c, nil
}

// defineAbility adds or replaces one ability (RU-D59).
func (x *decider) defineAbility(a console.Args) error {
	c, err := x.cardArg(a)
	if err != nil {
		return err
	}
	fields := map[string]string{}
	for _, f := range []string{"id", "name", "kind", "origin", "cycle", "trigger", "phase", "target", "reach", "effect", "text"} {
		if a.Has(f) {
			fields[f] = a.String(f)
		}
	}
	ab, err := card.DefineAbility(fields)
	if err != nil {
		return console.RejectWith(console.ReasonBadInput, "%v", err)
	}
	c = card.WithAbility(c, ab)
	c.Custom = true
	x.emit(EvCardDefined, CardDefined{Card: c})
	return nil
}

func (x *decider) removeAbility(a console.Args) error {
	c, err := x.cardArg(a)
	if err != nil {
		return err
	}
	c, err = card.WithoutAbility(c, strings.ToLower(strings.TrimSpace(a.String("id"))))
	if err != nil {
		return console.RejectWith(console.ReasonNotFound, "%v", err)
	}
	x.emit(EvCardDefined, CardDefined{Card: c})
	return nil
}

// addUnit adds heroes, enemies or neutrals (RU-D9, RU-D16, RU-D58, RU-D63).
func (x *decider) addUnit(kind string, a console.Args) error {
	g := x.g
	c, err := x.cardArg(a)
	if err != nil {
		return err
	}
	if err := card.CheckField(c, kind); err != nil {
		return console.RejectTry(console.ReasonNotAllowed, card.AddCommand[c.Faction], "%v", err)
	}
	if kind == "hero" && g.Mode == "story" {
		if err := card.CheckRace(c, g.Mission.Race); err != nil {
			return console.Reject("%v", err)
		}
	}
	count := 1
	if kind == "enemy" {
		count = a.Int("count")
	}
	seat := x.seat
	if a.Has("seat") {
		seat = g.seatIndex(console.Seat(a.String("seat")))
	}
	prefix, list := "N", len(g.Neutrals)
	switch kind {
	case "hero":
		prefix, list = "H", len(g.Heroes)
	case "enemy":
		prefix, list = "E", len(g.Enemies)
	}
	if list+count > MaxUnits {
		return console.Reject("a game holds at most %d units of a kind", MaxUnits)
	}
	same := 0
	for _, h := range g.Heroes {
		if h.Card == c.ID {
			same++
		}
	}
	for _, e := range g.Enemies {
		if e.AI.Card == c.ID {
			same++
		}
	}
	for _, n := range g.Neutrals {
		if n.Card == c.ID {
			same++
		}
	}
	for i := 0; i < count; i++ {
		id := fmt.Sprintf("%s%d", prefix, x.nextNumber(prefix))
		name := strings.TrimSpace(a.String("name"))
		if name == "" {
			name = c.Name
			if same+i > 0 {
				name = fmt.Sprintf("%s %d", c.Name, same+i+1) // RU-D58: "Saarok warrior 2"
			}
		} else if count > 1 {
			name = fmt.Sprintf("%s %d", name, i+1)
		}
		x.emit(EvUnitAdded, UnitAdded{Kind: kind, ID: id, Card: c.ID, Name: name, Seat: seat, HP: c.HP})
	}
	return nil
}

// nextNumber is one more than the highest number used with prefix.
func (x *decider) nextNumber(prefix string) int {
	n := 0
	check := func(id string) {
		if strings.HasPrefix(id, prefix) && idNum(id) > n && idNum(id) < 1<<30 {
			n = idNum(id)
		}
	}
	for _, h := range x.g.Heroes {
		check(h.ID)
	}
	for _, e := range x.g.Enemies {
		check(e.AI.ID)
	}
	for _, nn := range x.g.Neutrals {
		check(nn.ID)
	}
	return n + 1
}

func (x *decider) removeUnit(a console.Args) error {
	id := strings.ToUpper(strings.TrimSpace(a.String("unit")))
	if x.g.hero(id) == nil && x.g.enemy(id) == nil && x.g.neutral(id) == nil {
		return console.RejectWith(console.ReasonNotFound, "there is no unit %s", id)
	}
	x.emit(EvUnitRemoved, UnitRemoved{ID: id})
	return nil
}

func (x *decider) assignSeat(a console.Args) error {
	h := x.g.hero(a.String("hero"))
	if h == nil {
		return console.RejectWith(console.ReasonNotFound, "there is no hero %s", a.String("hero"))
	}
	if !a.Has("seat") {
		return console.RejectTry(console.ReasonBadInput, "assign hero=H1 seat=p2", "say which player plays the hero")
	}
	x.emit(EvHeroAssigned, HeroAssigned{Hero: h.ID, Seat: x.g.seatIndex(console.Seat(a.String("seat")))})
	return nil
}

// claim ends the game in victory by the players' ruling (RU-D50).
func (x *decider) claim(a console.Args) error {
	id := a.String("id")
	for _, o := range x.g.Mission.Objectives {
		if o.ID == id && o.Auto != "" {
			return console.Reject("the app checks \"%s\" itself: the game ends when it is met", o.Text) // RU-D50
		}
		if o.ID == id {
			x.emit(EvGameEnded, GameEnded{Result: "victory", Reason: "objective claimed: " + o.Text, Round: x.g.Round})
			return nil
		}
	}
	return console.RejectWith(console.ReasonNotFound, "the mission %s has no such objective (%s)", x.g.Mission.Name, id)
}

// reassign gives a free hero to the other seat between rounds: at the
// start of a round, before its first seat turn moves on (RU-D6). The
// command comes from the giving seat, which is its confirmation.
func (x *decider) reassign(a console.Args) error {
	g := x.g
	if len(g.Seats) < 2 {
		return console.Reject("heroes change hands only in duo play")
	}
	h := g.hero(a.String("hero"))
	if h == nil {
		return console.RejectWith(console.ReasonNotFound, "there is no hero %s", a.String("hero"))
	}
	to := g.seatIndex(console.Seat(a.String("seat")))
	first := 0
	for first < len(g.Seats) && len(g.freeHeroes(first)) == 0 {
		first++
	}
	switch {
	case g.Prompt != nil || g.Phase != PhaseTactical || g.Side != first:
		return console.RejectWith(console.ReasonWrongPhase, "a hero changes hands between rounds: after the enemy turn, before the first turn of the round moves on")
	case h.Seat != x.seat:
		return console.RejectWith(console.ReasonNotYourTurn, "%s is %s's hero: %s gives it", h.Name, g.seatName(h.Seat), g.seatName(h.Seat))
	case h.Status != StatusFree:
		return console.Reject("%s is not free", h.Name)
	case to == h.Seat:
		return console.Reject("%s already plays in %s's turn", h.Name, g.seatName(to))
	}
	x.emit(EvHeroAssigned, HeroAssigned{Hero: h.ID, Seat: to})
	return nil
}
