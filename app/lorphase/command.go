package lorphase

import (
	"fmt"

	"fyne.io/fyne/v2"

	"github.com/commandconsole/commandconsole/games/landsofruin"
)

// notMine is what a battle panel shows during another seat's phase; a
// spectator is told what it sees, not to wait for its turn.
func (p *Panel) notMine() []fyne.CanvasObject {
	if p.watching() {
		return []fyne.CanvasObject{
			heading(fmt.Sprintf("%s's %s", p.v.Current, landsofruin.PhaseTitle(p.v.Phase))),
			para(sentence(p.v.Prompt) + ". The table map and the teams' cards show what every player may see."),
		}
	}
	return []fyne.CanvasObject{
		heading(fmt.Sprintf("%s's %s", p.v.Current, landsofruin.PhaseTitle(p.v.Phase))),
		para(sentence(p.v.Prompt) + ". Wait for them to end it; the table map and the enemy cards show what the rules let you see."),
	}
}

// apLine is a character's action points and movement allowance.
func apLine(c landsofruin.CharView) string {
	o := c.Own
	assigned := 0
	for _, a := range o.Assigned {
		assigned += a.AP
	}
	return fmt.Sprintf("Action points: base %d · available %d · assigned %d · remaining %d\nMovement allowance: %s",
		o.BaseAP, o.Available, assigned, o.Remaining, o.MoveText)
}

// commandPanel: assign actions within the action points, unassign, and the
// team shortcuts.
func (p *Panel) commandPanel() []fyne.CanvasObject {
	if !p.mine() {
		return p.notMine()
	}
	id := p.current()
	c, ok := p.char(id)
	if !ok || c.Own == nil {
		return []fyne.CanvasObject{heading("Command phase"), para("You have no character to command.")}
	}
	out := []fyne.CanvasObject{
		heading("Command · " + c.Name),
		p.characterPicker(func(c landsofruin.CharView) string {
			return fmt.Sprintf("%d AP left", c.Own.Remaining)
		}),
		large(apLine(c)),
	}
	if len(c.Own.Assigned) > 0 {
		out = append(out, subheading("Assigned"))
		un := p.choices(landsofruin.CmdUnassign, "action", id)
		for _, as := range c.Own.Assigned {
			action := as.Action
			ch, ok := choice(un, action)
			t := NewTile(as.Name, fmt.Sprintf("%d AP", as.AP), nil)
			switch {
			case !ok:
				t.Detail = "cannot be taken back now"
			case ch.Disabled != "":
				t.Detail = "✕ " + ch.Disabled
			default:
				t.Detail = "tap to unassign"
				t.OnTapped = func() { p.do(landsofruin.CmdUnassign, map[string]any{"character": id, "action": action}) }
			}
			out = append(out, t)
		}
	}
	if a, ok := p.aff(landsofruin.CmdAssign); ok && !a.Allowed && len(a.Args) == 0 {
		out = append(out, subheading("Actions"), para("✕ "+a.Reason))
	} else {
		out = append(out, subheading("Actions"))
		for _, ch := range p.choices(landsofruin.CmdAssign, "action", id) {
			action := ch.Value
			out = append(out, tileFor(ch, ch.Note, func() {
				p.do(landsofruin.CmdAssign, map[string]any{"character": id, "action": action})
			}))
		}
	}
	if sc := p.choices(landsofruin.CmdShortcut, "shortcut", ""); len(sc) > 0 {
		out = append(out, subheading("Whole team"))
		for _, ch := range sc {
			shortcut := ch.Value
			t := tileFor(ch, "", func() { p.do(landsofruin.CmdShortcut, map[string]any{"shortcut": shortcut}) })
			if !t.Disabled && ch.Note != "" {
				t.Detail = "every character on the table: " + ch.Note
			}
			out = append(out, t)
		}
	}
	return out
}
