package landsofruin

import (
	"fmt"
	"hash/fnv"
	"strings"

	"github.com/commandconsole/commandconsole/console"
)

// Teams as other seats know them (rulebook "Hidden characters": "Your
// opponent will never know if you have a hidden sniper or not until you
// open fire with it or it gets detected").
//
// A pre-made team's members are public content, and a team's gear value
// sums its hidden members too, so another seat is told only that a player
// has chosen a team: not its id, name or gear value, nor whether it is
// their own (the view's players, the team-chosen line). It learns the
// team from the characters on the table.
//
// Members of one team entry are numbered by their place in the roster
// (Night Raider 1, 2 …), so a hidden one would leave a gap among those
// seen. The members of an entry are all infiltrators or none; the
// infiltrators of an entry of more than one get, when the game starts,
// tags drawn at random instead of numbers (p2-sniper-kqz, "Sniper KQZ"):
// the tag of one revealed says nothing of how many others there are. The
// tags come from dice of their own, seeded from the game's dice without
// drawing from them: a draw per infiltrator would shift every later public
// roll (the Rotter deployment first) by the number of hidden ones.

// tagLetters are the letters of an infiltrator's tag.
const tagLetters = "abcdefghjkmnpqrstuvwxyz"

// publicTeam cuts a player's team to what another seat may know.
func publicTeam(pv *PlayerView) {
	pv.TeamChosen = pv.Team != ""
	pv.Team, pv.TeamName, pv.GearValue, pv.CustomTeam = "", "", 0, false
}

// tagInfiltrators gives the infiltrating members of each team entry of
// more than one a random tag in place of their roster number.
func tagInfiltrators(chars []character, game *console.Dice) {
	h := fnv.New64a()
	h.Write(game.Marshal())
	h.Write([]byte("infiltrator tags"))
	d := console.NewDice(h.Sum64())
	size := map[string]int{}
	key := func(c *character) string { return fmt.Sprintf("%d/%s", c.Owner, c.Base) }
	for i := range chars {
		size[key(&chars[i])]++
	}
	used := map[string]bool{}
	for i := range chars {
		c := &chars[i]
		if !c.Infiltrator || size[key(c)] < 2 {
			continue
		}
		tag := ""
		for tag == "" || used[c.Base+"-"+tag] {
			var b strings.Builder
			for k := 0; k < 3; k++ {
				b.WriteByte(tagLetters[d.IntN(len(tagLetters))])
			}
			tag = b.String()
		}
		used[c.Base+"-"+tag] = true
		num := strings.LastIndex(c.Name, " ")
		c.ID = fmt.Sprintf("p%d-%s-%s", c.Owner+1, c.Base, tag)
		if num > 0 {
			c.Name = c.Name[:num]
		}
		c.Name += " " + strings.ToUpper(tag)
	}
}
