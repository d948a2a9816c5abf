package landsofruin

import (
	"github.com/commandconsole/commandconsole/games/landsofruin/rules"
)

// Down characters (rulebook "Effects", Pinned, Unconscious and Dead: "To
// the opposing player, a … character shows as down. … No one but the
// character's commanding player will be able to tell if the character is
// pinned, unconscious, or dead").
//
// Whatever another seat is told of a down character is the same for the
// three: in the view only its identity, where it lies and "down" (no
// effects, wound flag, suppression, unresolved hits or result other than
// "Down"); in the history "Down" for its damage results; a refusal never
// depends on which of the three it is; and an attack on it needs the same
// score whichever it is (targetDefence). An attack or a throwable may hit
// any down enemy: on a dead one the hit has no further effect when it is
// resolved (resolve skips the dead).

// publicDown is the public result of a down character.
const publicDown = "Down"

// downView cuts a down character's view to what another seat may know.
func downView(cv *CharView) {
	cv.Wounded, cv.Effects, cv.Suppression, cv.UnresolvedHits, cv.Assigned = false, nil, 0, 0, nil
	cv.LastResult = publicDown
}

// targetDefence is c's defence as the target of an attack of kind: a down
// character lies on the table and only its gear and skills count (no
// effect, wound or unspent action point), so the score an attacker needs
// does not tell pinned, unconscious and dead apart.
func (c *character) targetDefence(kind rules.AttackKind, now int) int {
	if !c.down() {
		return c.defence(kind, now)
	}
	d, err := data().rd.Defence(rules.DefenceInput{Against: kind, Gear: c.Gear, Skills: c.Skills})
	if err != nil {
		return 0
	}
	return d
}

// downAfter reports whether effects leave a character down.
func downAfter(effs []effect) bool {
	for _, e := range effs {
		if x := data().rd.Effect(e.ID); x != nil && x.Down {
			return true
		}
	}
	return false
}
