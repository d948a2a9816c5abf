package ruunara

import (
	"fmt"
	"strings"

	"github.com/commandconsole/commandconsole/console"
)

// maxNews bounds the headlines one command keeps.
const maxNews = 20

// headline (docs/ruunara.md, RU-W2) keeps what the table must not miss from the command being
// applied (a kill and why, a capture, an execution, a rescue, the end of
// the game), as the sentences every seat's result line shows. s is the
// state just before e; markCommand has cleared the last command's news.
func (g *state) headline(e console.Event) {
	line := ""
	switch e.Type {
	case EvUnitKilled:
		var p UnitKilled
		if console.Decode(e.Data, &p) == nil {
			line = g.killText(p)
		}
	case EvHeroCaptured:
		var p HeroCaptured
		if console.Decode(e.Data, &p) == nil {
			line = g.capturedText(p)
		}
	case EvHeroExecuted:
		var p HeroExecuted
		if console.Decode(e.Data, &p) == nil {
			line = g.executedText(p)
		}
	case EvHeroFreed:
		var p HeroFreed
		if console.Decode(e.Data, &p) == nil {
			line = fmt.Sprintf("%s is freed and fights on with %d hit point%s.", g.name(p.Hero), p.HP, plural(p.HP))
		}
	case EvGameEnded:
		var p GameEnded
		if console.Decode(e.Data, &p) == nil {
			line = g.endedText(p)
		}
	}
	if line != "" && len(g.News) < maxNews {
		g.News = append(g.News, line)
	}
}

// unitTitle names a unit for a headline: an enemy by its marker and name
// ("E2 Saarok warrior 2"), anyone else by name.
func (g *state) unitTitle(id string) string {
	if e := g.enemy(id); e != nil && e.Name != "" && e.Name != id {
		return id + " " + e.Name
	}
	return g.name(id)
}

// killText says who died and why: "E2 Saarok warrior 2 is killed
// instantly by Naali's Hard like Steel: the die showed 5, and it kills on
// 5+." Older saves carry only the ability's name as the reason.
func (g *state) killText(p UnitKilled) string {
	who := g.unitTitle(p.Unit)
	switch {
	case p.Why == "table ruling":
		return who + " died on the table (a correction)."
	case p.Instant && strings.HasPrefix(p.Why, "by "):
		return who + " is killed instantly " + p.Why + "."
	case p.Instant && p.Why != "":
		// an older save: the reason is the ability's name
		return fmt.Sprintf("%s is killed instantly by %s's %s.", who, g.name(p.By), p.Why)
	case p.Instant:
		return who + " is killed instantly."
	case p.Why != "":
		return who + " is killed: " + p.Why + "."
	}
	return who + " is killed."
}

// capturedText says a hero is captured, by whom, and until when.
func (g *state) capturedText(p HeroCaptured) string {
	exec := p.Round + g.Numbers.CaptivityFullTurns + 1
	how := "collapses and is captured"
	if p.Cause == "melee" {
		how = fmt.Sprintf("is captured after %d rounds engaged", g.Numbers.CaptureEngagedTurns+1)
	}
	return fmt.Sprintf("%s %s by %s: executed at the start of round %d unless freed.", g.name(p.Hero), how, g.names(p.Captors), exec)
}

// executedText says a hero is executed and why.
func (g *state) executedText(p HeroExecuted) string {
	switch p.Cause {
	case "melee":
		return fmt.Sprintf("%s falls in hand-to-hand combat and is executed.", g.name(p.Hero))
	case "captivity":
		return fmt.Sprintf("%s was not freed in time and is executed at the start of round %d.", g.name(p.Hero), p.Round)
	}
	return fmt.Sprintf("%s is out of the game (a table ruling).", g.name(p.Hero))
}

// endedText is the end of the game in words.
func (g *state) endedText(p GameEnded) string {
	res := p.Result
	if res == "" {
		res = "over"
	}
	line := fmt.Sprintf("The game ends in round %d: %s", p.Round, res)
	if p.Reason != "" {
		return line + " (" + strings.TrimSuffix(p.Reason, ".") + ")."
	}
	return line + "."
}

// names lists units by name: "E1, E2" for enemies, heroes by name.
func (g *state) names(ids []string) string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = g.name(id)
	}
	return strings.Join(out, ", ")
}
