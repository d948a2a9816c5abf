package card

import (
	"fmt"
	"strings"

	rn "github.com/commandconsole/commandconsole/npc/ruunara"
)

// What a card is fielded as: the add-hero, add-enemy and add-neutral
// commands (§6.2).
const (
	AsHero    = "hero"
	AsEnemy   = "enemy"
	AsNeutral = "neutral"
)

// AddCommand is the command that fields a card of a faction (RU-D63b):
// the command-line hint of a refusal, never part of its message.
var AddCommand = map[string]string{Ally: "add-hero", Enemy: "add-enemy", Neutral: "add-neutral"}

// addedAs is how a card of a faction is added, in words.
var addedAs = map[string]string{Ally: "a hero", Enemy: "enemies", Neutral: "a neutral"}

// asFaction is the faction a card must have to be fielded as as.
var asFaction = map[string]string{AsHero: Ally, AsEnemy: Enemy, AsNeutral: Neutral}

// CheckField refuses a card that cannot be added to a game as as ("hero",
// "enemy" or "neutral"):
//
//   - a card of another faction (RU-D63b): "Saarok is an enemy card: use
//     add-enemy", "Kesh is a hero card: use add-hero", "Elder is a neutral
//     card: use add-neutral";
//   - a card with nulls (RU-D9, RU-X40): every unit needs hit points,
//     movement and vision ("Naali's card has no hit points yet: complete
//     it in the card editor"; several are listed in that order, "hit
//     points, movement or vision"); heroes and enemies also need close or
//     ranged dice ("… has no attack dice yet"). Neutrals are moved by the
//     players and attack nobody (RU-D52), so they need no dice.
func CheckField(c Card, as string) error {
	want, ok := asFaction[as]
	if !ok {
		return fmt.Errorf("a card is fielded as hero, enemy or neutral (got %q)", as)
	}
	if c.Faction != want {
		as, ok := addedAs[c.Faction]
		if !ok {
			return fmt.Errorf("%s has no faction: set it in the card editor", c.Name)
		}
		return fmt.Errorf("%s is %s card: it is added as %s", c.Name, factionNoun(c.Faction), as)
	}
	var lack []string
	if c.HP <= 0 {
		lack = append(lack, "hit points")
	}
	if c.Move <= 0 {
		lack = append(lack, "movement")
	}
	if c.Vision <= 0 {
		lack = append(lack, "vision")
	}
	if len(lack) == 0 && as != AsNeutral && !c.HasClose() && !c.HasRanged() {
		lack = append(lack, "attack dice")
	}
	if len(lack) > 0 {
		return fmt.Errorf("%s's card has no %s yet: complete it in the card editor", c.Name, orList(lack))
	}
	return nil
}

// orList joins "a", "a or b", "a, b or c".
func orList(xs []string) string {
	if len(xs) <= 1 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}

// CheckRace refuses a hero for a story mission of another race (RU-D16,
// RU-X39, l. 100): "Tarok is Ardann: this story mission uses Sanbari
// heroes only (l. 100)"; a card with no race: "Tarok's card has no race:
// set it in the card editor". race is the mission's race id.
func CheckRace(c Card, race string) error {
	if err := checkRace(race); err != nil {
		return fmt.Errorf("the mission's %w", err)
	}
	if c.Race == "" {
		return fmt.Errorf("%s's card has no race: set it in the card editor", c.Name)
	}
	if c.Race != race {
		return fmt.Errorf("%s is %s: this story mission uses %s heroes only", c.Name, RaceName(c.Race), RaceName(race)) // l. 100
	}
	return nil
}

// The usual spread of printed ranges (l. 263, RU-D18).
const (
	UsualRangeMin rn.Ticks = 60
	UsualRangeMax rn.Ticks = 120
)

// MaxTokens is the number of skill tokens of the holder (l. 126, 379).
const MaxTokens = 4

// Warnings lists what is unusual on a card but accepted (not refusals),
// distances in inches; see WarningsIn.
func Warnings(c Card) []string { return WarningsIn(c, rn.Inches) }

// WarningsIn lists what is unusual on a card but accepted, distances in
// unit u: a range outside 6"–12" for a unit that shoots (a ranged attack
// or a ranged ability; RU-D18), and more than 4 limited-use abilities
// (the holder's 4 tokens, RU-D10). The order is fixed.
func WarningsIn(c Card, u rn.Unit) []string {
	var w []string
	shoots := c.HasRanged()
	for _, a := range c.Abilities {
		if a.Reach == "ranged" {
			shoots = true
		}
	}
	if r := c.ReachRange(); shoots && r > 0 && (r < UsualRangeMin || r > UsualRangeMax) {
		w = append(w, fmt.Sprintf("%s's range %s is outside the usual %s–%s", // l. 263, RU-D18
			c.Name, rn.Format(r, u), rn.Format(UsualRangeMin, u), rn.Format(UsualRangeMax, u)))
	}
	n := 0
	for _, a := range c.Abilities {
		if a.Limited() {
			n++
		}
	}
	if n > MaxTokens {
		w = append(w, fmt.Sprintf("%s has %d abilities of limited use: the card's token holder tracks %d", c.Name, n, MaxTokens)) // l. 126, 379; RU-D10
	}
	return w
}
