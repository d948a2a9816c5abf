package lorphase

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"

	"github.com/commandconsole/commandconsole/games/landsofruin"
	"github.com/commandconsole/commandconsole/games/landsofruin/content"
	"github.com/commandconsole/commandconsole/npc"
)

// inlineChoices is the most characters the Rotter attack entry lists on
// the panel itself; more open in a picker.
const inlineChoices = 6

// envDraft is a Rotter attack or an explosion hit being entered.
type envDraft struct {
	char, kind string
	count      int
	throwable  string
	rotters    int
	// ticked is how many of the Rotter plan's steps the player ticked
	// as done on the table.
	ticked int
}

// stepTitles name the Rotter instruction steps.
var stepTitles = map[string]string{
	npc.StepSkipped:    "Skipped",
	npc.StepLurkers:    "Lurkers",
	npc.StepMove:       "Move the Rotters",
	npc.StepExplosions: "Explosions",
	npc.StepAttacks:    "Rotter attacks",
	npc.StepSpawn:      "New Rotters",
}

// kindName is a Rotter kind's name ("Veteran"), from the rotter-attack
// affordance.
func (p *Panel) kindName(kind string) string {
	if c, ok := choice(p.choices(landsofruin.CmdRotterAttack, "kind", ""), kind); ok && c.Label != "" {
		return c.Label
	}
	return kind
}

// environmentPanel: the Rotters' plan in large text, the entry of Rotter
// attacks and explosion hits, the entries, and the end of the phase.
func (p *Panel) environmentPanel() []fyne.CanvasObject {
	title := "Environment phase"
	r := p.v.Rotters
	if r != nil && r.Phase > 0 {
		title += fmt.Sprintf(" %d · threat %d", r.Phase, r.Threat)
	}
	out := []fyne.CanvasObject{heading(title)}
	if !p.mine() && p.v.Current != "" {
		out = append(out, para(fmt.Sprintf("It is %s's Environment phase: every player enters the Rotter attacks; %s ends the phase.", p.v.Current, p.v.Current)))
	}
	out = append(out, p.rotterPlan(r)...)
	out = append(out, p.entries()...)
	out = append(out, p.rotterEntry()...)
	out = append(out, p.explosionEntry()...)
	if p.mine() {
		if a, ok := p.aff(landsofruin.CmdEndPhase); ok {
			if a.Allowed {
				out = append(out, NewTile("Roll the attacks and end the phase", "", func() { p.do(landsofruin.CmdEndPhase, nil) }))
			} else {
				out = append(out, disabledTile("End the phase", "", a.Reason))
			}
		}
	}
	return out
}

// rotterPlan is the plan as steps to tick through: the target, then the
// step in hand in large text with a tile that ticks it, the steps done and
// to come on a line each; then the spawn points, held Rotters, lurkers and
// the tally.
func (p *Panel) rotterPlan(r *landsofruin.RotterPlanView) []fyne.CanvasObject {
	if r == nil {
		return []fyne.CanvasObject{para("No Rotter plan this phase: move and spawn the Rotters as the scenario says, then enter their attacks.")}
	}
	if r.Skipped {
		return []fyne.CanvasObject{large("The Rotters skip this Environment phase.")}
	}
	var out []fyne.CanvasObject
	if r.Section != "" {
		t := "The Rotters go for " + p.section(r.Section)
		if r.Character != "" {
			t += ", at " + p.name(r.Character)
		}
		out = append(out, large(t+"."))
	}
	if len(r.Instructions) > 0 {
		out = append(out, p.steps(r)...)
	} else {
		for _, s := range r.Spawns {
			out = append(out, large(fmt.Sprintf("Place %s at the spawn point on %s.", count(s.Count, p.kindName(s.Kind), p.kindName(s.Kind)), p.spawn(s.Point))))
		}
	}
	var notes []string
	if len(r.Spawns) > 0 {
		var sp []string
		for _, s := range r.Spawns {
			sp = append(sp, fmt.Sprintf("%s: %d × %s", p.spawn(s.Point), s.Count, p.kindName(s.Kind)))
		}
		notes = append(notes, "Spawn points: "+strings.Join(sp, "; ")+".")
	}
	if r.Held > 0 {
		wait := count(r.Held, "Rotter waits", "Rotters wait")
		notes = append(notes, wait+" outside the table (held: their edge is within 10\" of characters).")
	}
	for _, l := range r.Lurkers {
		who := p.name(l.Character)
		if l.Detected {
			notes = append(notes, fmt.Sprintf("A lurker in %s goes for %s, who spotted it: enter its attack with the others.", p.section(l.Section), who))
			continue
		}
		res := "misses"
		if l.Roll >= l.Need {
			res = "hits"
		}
		notes = append(notes, fmt.Sprintf("A lurker in %s attacks %s: rolled %d, needs %d, %s (entered by the app).", p.section(l.Section), who, l.Roll, l.Need, res))
	}
	if t := p.v.RotterCount; t != nil {
		notes = append(notes, fmt.Sprintf("Rotters: %d before the game, %d arrived since, %d killed.", t.PreGame, t.Arrived, t.Killed))
	}
	if len(notes) > 0 {
		out = append(out, para(strings.Join(notes, "\n")))
	}
	return out
}

// spawn names a Rotter spawn point as the seat sees the table, its own
// edge at the bottom (the map is turned so): "your edge, left", "the far
// edge, centre", "the left edge, near end".
func (p *Panel) spawn(id string) string {
	l, ok := landsofruin.MapLayoutOf(p.v.Map)
	side := content.South
	if me, found := p.me(); found && content.Side(me.Side).Valid() {
		side = content.Side(me.Side)
	}
	for _, sp := range l.SpawnPoints {
		if !ok || sp.ID != id {
			continue
		}
		w, h := l.ViewSize(side)
		at := l.ToView(side, sp.At)
		third := func(v, of int, names [3]string) string {
			switch {
			case v*3 < of:
				return names[0]
			case v*3 < 2*of:
				return names[1]
			}
			return names[2]
		}
		switch {
		case at.Y <= 0:
			return "the far edge, " + third(at.X, w, [3]string{"left", "centre", "right"})
		case at.Y >= h:
			return "your edge, " + third(at.X, w, [3]string{"left", "centre", "right"})
		case at.X <= 0:
			return "the left edge, " + third(at.Y, h, [3]string{"far end", "middle", "near end"})
		}
		return "the right edge, " + third(at.Y, h, [3]string{"far end", "middle", "near end"})
	}
	return "the table's edge"
}

// stepTitle names an instruction's step.
func stepTitle(step string) string {
	if st := stepTitles[step]; st != "" {
		return st
	}
	return sentence(step)
}

// steps are the plan's instructions to tick through on one screen: those
// done on a line each (a tap goes back to one), the one in hand in full
// with the tile that ticks it, the ones to come on one line.
func (p *Panel) steps(r *landsofruin.RotterPlanView) []fyne.CanvasObject {
	n := len(r.Instructions)
	d := &p.env
	d.ticked = min(max(d.ticked, 0), n)
	var out []fyne.CanvasObject
	for i, in := range r.Instructions[:d.ticked] {
		i := i
		t := NewTile(fmt.Sprintf("✓ %d. %s", i+1, stepTitle(in.Step)), "", func() { d.ticked = i; p.rebuild() })
		t.Detail = "done on the table (tap to see it again)"
		out = append(out, t)
	}
	if d.ticked < n {
		in := r.Instructions[d.ticked]
		out = append(out, subheading(fmt.Sprintf("Step %d of %d: %s", d.ticked+1, n, stepTitle(in.Step))), large(in.Text))
		if in.Character != "" && !strings.Contains(in.Text, p.name(in.Character)) {
			out = append(out, para("Character: "+p.name(in.Character)))
		}
		next := "Done: next step"
		if d.ticked == n-1 {
			next = "Done: that was the last step"
		}
		out = append(out, NewTile(next, "", func() { d.ticked++; p.rebuild() }))
		var later []string
		for i, in := range r.Instructions[d.ticked+1:] {
			later = append(later, fmt.Sprintf("%d. %s", d.ticked+i+2, stepTitle(in.Step)))
		}
		if len(later) > 0 {
			out = append(out, para("Then: "+strings.Join(later, " · ")))
		}
	} else {
		out = append(out, para("Every step is done on the table: enter the Rotters' attacks, then end the phase."))
	}
	return out
}

// entries lists the attacks entered this phase, each with a tile that
// takes it back.
func (p *Panel) entries() []fyne.CanvasObject {
	if len(p.v.Environment) == 0 {
		return []fyne.CanvasObject{para("No attack entered yet.")}
	}
	out := []fyne.CanvasObject{subheading("Entered")}
	for _, e := range p.v.Environment {
		e := e
		who := p.name(e.Character)
		if p.watching() {
			// A spectator takes nothing back: the entries without a tap.
			switch e.Source {
			case landsofruin.SourceRotter:
				out = append(out, para(fmt.Sprintf("%s: %d × %s", who, e.Count, p.kindName(e.Kind))))
				continue
			case landsofruin.SourceExplosive:
				out = append(out, para(fmt.Sprintf("%s: caught by %s (%d)", who, p.throwableName(e.Throwable), e.Throwable)))
				continue
			}
		}
		switch e.Source {
		case landsofruin.SourceRotter:
			t := NewTile(fmt.Sprintf("%s: %d × %s", who, e.Count, p.kindName(e.Kind)), "", func() {
				p.do(landsofruin.CmdRotterAttack, map[string]any{"character": e.Character, "kind": e.Kind, "count": 0})
			})
			t.Detail = "tap to take it back"
			out = append(out, t)
		case landsofruin.SourceExplosive:
			t := NewTile(fmt.Sprintf("%s: caught by %s (%d)", who, p.throwableName(e.Throwable), e.Throwable), "", func() {
				p.do(landsofruin.CmdExplosionHit, map[string]any{"throwable": e.Throwable, "character": e.Character, "count": 0})
			})
			t.Detail = "tap to take it back"
			out = append(out, t)
		default:
			n := e.Count
			if n == 0 {
				n = len(e.Lurkers)
			}
			out = append(out, para(fmt.Sprintf("%s: %s, %s (entered by the app)", who, count(n, "lurker", "lurkers"), p.kindName(e.Kind))))
		}
	}
	return out
}

// throwableName names a throwable on the table.
func (p *Panel) throwableName(id int) string {
	for _, t := range p.v.Throwables {
		if t.ID == id {
			return t.Name
		}
	}
	return "a throwable"
}

// rotterEntry: character, kind and number of the Rotters in base contact.
func (p *Panel) rotterEntry() []fyne.CanvasObject {
	a, ok := p.aff(landsofruin.CmdRotterAttack)
	if !ok {
		return nil
	}
	out := []fyne.CanvasObject{subheading("Enter Rotter attacks")}
	if !a.Allowed {
		return append(out, para("✕ "+a.Reason))
	}
	d := &p.env
	chars := p.choices(landsofruin.CmdRotterAttack, "character", "")
	if _, ok := choice(chars, d.char); !ok {
		d.char = ""
	}
	var tiles []fyne.CanvasObject
	for _, c := range chars {
		id := c.Value
		t := tileFor(c, "", func() { d.char = id; p.closePicker(); p.rebuild() })
		t.Selected = d.char == id
		tiles = append(tiles, t)
	}
	if len(chars) <= inlineChoices {
		out = append(out, para("Who do they attack?"), grid(2, tiles))
	} else {
		// A full-size game: the characters in a picker, so the phase
		// stays one screen.
		charTiles := tiles
		who := NewTile("Who do they attack?", "▾", func() { p.openPicker("Who do the Rotters attack?", grid(2, charTiles)) })
		who.Detail = "tap to choose"
		if c, ok := choice(chars, d.char); ok {
			who.Detail = c.Label
			if who.Detail == "" {
				who.Detail = p.name(c.Value)
			}
		}
		out = append(out, who)
	}
	kinds := p.choices(landsofruin.CmdRotterAttack, "kind", "")
	if d.kind == "" && len(kinds) > 0 {
		d.kind = kinds[0].Value
	}
	tiles = nil
	for _, k := range kinds {
		kind := k.Value
		t := tileFor(k, "", func() { d.kind = kind; p.rebuild() })
		t.Selected = d.kind == kind
		tiles = append(tiles, t)
	}
	if d.count < 1 {
		d.count = 1
	}
	out = append(out, para("Which kind?"), grid(3, tiles), para("How many in base contact?"),
		p.stepper(&d.count, 1, 20, strconv.Itoa(d.count)))
	enter := NewTile(fmt.Sprintf("Enter %d × %s", d.count, p.kindName(d.kind)), "", func() {
		if p.do(landsofruin.CmdRotterAttack, map[string]any{"character": d.char, "kind": d.kind, "count": d.count}) {
			p.env.char, p.env.count = "", 1
			p.rebuild()
		}
	})
	if d.char == "" {
		enter.Disabled, enter.Detail = true, "✕ tap the character they attack first"
	} else {
		enter.Title += " on " + p.name(d.char)
	}
	return append(out, enter)
}

// explosionEntry: the characters caught in a throwable's area, and the
// Rotters it killed.
func (p *Panel) explosionEntry() []fyne.CanvasObject {
	ths := p.choices(landsofruin.CmdExplosionHit, "throwable", "")
	if len(ths) == 0 {
		return nil
	}
	d := &p.env
	out := []fyne.CanvasObject{subheading("Explosions")}
	for _, t := range ths {
		tid := t.Value
		tile := tileFor(t, "", func() { d.throwable = tid; p.rebuild() })
		if !tile.Disabled && t.Note != "" {
			tile.Detail = "area " + t.Note
		}
		tile.Selected = d.throwable == tid
		out = append(out, tile)
	}
	if _, ok := choice(ths, d.throwable); !ok || d.throwable == "" {
		return out
	}
	n, _ := strconv.Atoi(d.throwable)
	var tiles []fyne.CanvasObject
	for _, c := range p.choices(landsofruin.CmdExplosionHit, "character", d.throwable) {
		id := c.Value
		in := false
		for _, e := range p.v.Environment {
			in = in || e.Source == landsofruin.SourceExplosive && e.Throwable == n && e.Character == id
		}
		count := 1
		if in {
			count = 0
		}
		t := tileFor(c, "", func() {
			p.do(landsofruin.CmdExplosionHit, map[string]any{"throwable": n, "character": id, "count": count})
		})
		t.Selected = in
		if in {
			t.Detail = "caught: tap to take it back"
		}
		tiles = append(tiles, t)
	}
	if len(tiles) > 0 {
		out = append(out, para("Who is caught in the area?"), grid(2, tiles))
	}
	out = append(out, para("Rotters killed in the area:"), p.stepper(&d.rotters, 0, 50, strconv.Itoa(d.rotters)),
		NewTile(fmt.Sprintf("Enter %s killed", count(d.rotters, "Rotter", "Rotters")), "", func() {
			if p.do(landsofruin.CmdExplosionHit, map[string]any{"throwable": n, "rotters": d.rotters}) {
				p.env.rotters = 0
				p.rebuild()
			}
		}))
	return out
}

// syncPanel: place each character in its section (or off the table).
func (p *Panel) syncPanel() []fyne.CanvasObject {
	if !p.mine() {
		return p.notMine()
	}
	id := p.current()
	c, ok := p.char(id)
	if !ok || c.Own == nil {
		return []fyne.CanvasObject{heading("Sync phase"), para("You have no character to place.")}
	}
	out := []fyne.CanvasObject{
		heading("Sync · " + c.Name),
		para("Tell the app where each character stands now: pick one, then its section (or drag it on the table map)."),
		p.characterPicker(func(c landsofruin.CharView) string { return "in " + p.section(c.Section) }),
	}
	return append(out, p.movePicker(id, c, c.Name+" stands in")...)
}

// count writes "1 lurker" or "3 lurkers".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
