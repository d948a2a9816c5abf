package landsofruin

import (
	"fmt"
	"strings"

	"github.com/commandconsole/commandconsole/console"
)

// Team quick shortcuts (rulebook "Using quick shortcuts", facts §3.2):
// one command assigns a shortcut's action ("Hold the Line": aim and
// shoot) to the whole team. Every character of the team on the table that
// is not down has its assigned actions reset to the shortcut's action when
// the rules let it take that action alone (its skills enable it, the
// team's morale allows it, it has the action points); the others keep
// what they had. The app skipped these checks; we keep them, so a
// shortcut never assigns what assign would refuse. Assigned actions are
// the owner's secret: only the owner is told.

// ShortcutUsed is the payload of shortcut-assigned: the characters whose
// actions became the shortcut's action.
type ShortcutUsed struct {
	Player   int      `msgpack:"player"`
	Shortcut string   `msgpack:"shortcut"`
	Action   string   `msgpack:"action"`
	Chars    []string `msgpack:"chars"`
}

func shortcutIDs() []string {
	var out []string
	for _, s := range data().rd.Shortcuts {
		out = append(out, s.ID)
	}
	return out
}

func (g *state) decideShortcut(p int, args console.Args) ([]console.Event, error) {
	id := strings.ToLower(strings.TrimSpace(args.String("shortcut")))
	var name, action string
	for _, s := range data().rd.Shortcuts {
		if s.ID == id {
			name, action = s.Name, s.Action
		}
	}
	if action == "" {
		return nil, console.Reject("there is no such team shortcut (the shortcuts are %s)", shortcutNames())
	}
	a := data().rd.Action(action)
	if a == nil {
		return nil, fmt.Errorf("landsofruin: shortcut %s names no action %q", id, action)
	}
	x := ShortcutUsed{Player: p, Shortcut: id, Action: a.ID, Chars: []string{}}
	var reasons []string
	for _, c := range g.teamChars(p) {
		if c.Section == "" || c.down() {
			continue
		}
		alone := *c
		alone.Assigned = nil
		if err := g.canAssign(&alone, a); err != nil {
			reasons = append(reasons, err.Error())
			continue
		}
		x.Chars = append(x.Chars, c.ID)
	}
	if len(x.Chars) == 0 {
		why := "no character of your team is on the table and up"
		if len(reasons) > 0 {
			why = strings.Join(reasons, "; ")
		}
		return nil, console.Reject("%s assigns %s to nobody: %s", name, a.Name, why)
	}
	return one(EventShortcut, x, false)
}

func (g *state) applyShortcut(x ShortcutUsed) error {
	for _, id := range x.Chars {
		c, err := g.charArg(id)
		if err != nil {
			return err
		}
		c.Assigned = []assigned{{Action: x.Action}}
	}
	return nil
}

func (g *state) describeShortcut(x ShortcutUsed, p int) (string, bool) {
	if x.Player != p {
		return "", false
	}
	name := x.Shortcut
	for _, s := range data().rd.Shortcuts {
		if s.ID == x.Shortcut {
			name = s.Name
		}
	}
	var names []string
	for _, id := range x.Chars {
		names = append(names, g.name(id))
	}
	return fmt.Sprintf("%s: %s assigned to %s (only you see this)", name, actionName(x.Action), strings.Join(names, ", ")), true
}

// shortcutNames lists the team shortcuts by name: "Hold the line, Open
// fire and Charge".
func shortcutNames() string {
	var out []string
	for _, s := range data().rd.Shortcuts {
		out = append(out, s.Name)
	}
	return andList(out, "and")
}
