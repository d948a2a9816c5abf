package lorphase

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin"
)

// attackDraft is the attack being put together before it is declared.
type attackDraft struct {
	weapon, mode, action string
	// targets are the chosen targets in order; the first is the main one.
	targets []string
	// band, cover and within are per target: the range band ("short",
	// "mid", "long"), the cover word, and for a further target that the
	// player confirmed it stands within 5" of the first.
	band   map[string]string
	cover  map[string]string
	within map[string]bool
}

// throwDraft is a throw being put together.
type throwDraft struct {
	item, section string
	// dist is the distance to the marker in whole units of the game (inches
	// or centimetres).
	dist int
}

// throwCommands are the throwing commands and what the panel calls them.
var throwCommands = []struct{ cmd, title string }{
	{landsofruin.CmdThrow, "Throw a grenade"},
	{landsofruin.CmdExecuteSlave, "Execute a slave"},
	{landsofruin.CmdCallArtillery, "Call an artillery strike"},
}

func throwTitle(cmd string) string {
	for _, t := range throwCommands {
		if t.cmd == cmd {
			return t.title
		}
	}
	return cmd
}

// actionPanel: the selected character's actions, the attack flow, throws,
// and moves.
func (p *Panel) actionPanel() []fyne.CanvasObject {
	if !p.mine() {
		return p.notMine()
	}
	if p.v.Attack != nil {
		return p.rollPanel()
	}
	id := p.current()
	c, ok := p.char(id)
	if !ok || c.Own == nil {
		return []fyne.CanvasObject{heading("Action phase"), para("You have no character on the table.")}
	}
	switch {
	case p.flow == "attack":
		return p.attackFlow(id, c)
	case p.flow != "":
		return p.throwFlow(id, c)
	}
	out := []fyne.CanvasObject{
		heading("Action · " + c.Name),
		p.characterPicker(func(c landsofruin.CharView) string { return p.assignedLine(c) }),
		large("Movement allowance: " + c.Own.MoveText),
	}
	if len(c.Own.Assigned) > 0 {
		var names []string
		for _, a := range c.Own.Assigned {
			n := a.Name
			if a.Performed {
				n += " (done)"
			}
			names = append(names, n)
		}
		out = append(out, para("Assigned: "+strings.Join(names, ", ")))
	}
	out = append(out, p.toPerform(id, c)...)
	out = append(out, p.movePicker(id, c, "Move "+c.Name+" to")...)
	return out
}

// assignedLine is a character's assigned actions still to perform.
func (p *Panel) assignedLine(c landsofruin.CharView) string {
	var left []string
	for _, a := range c.Own.Assigned {
		if !a.Performed {
			left = append(left, a.Name)
		}
	}
	if len(left) == 0 {
		return "nothing left to perform"
	}
	return strings.Join(left, ", ")
}

// toPerform are the tiles of what the character may do now: attack, throw,
// perform (with a target where the action needs one).
func (p *Panel) toPerform(id string, c landsofruin.CharView) []fyne.CanvasObject {
	out := []fyne.CanvasObject{subheading("Perform")}
	n := len(out)
	pending := map[string]bool{}
	for _, a := range c.Own.Assigned {
		if !a.Performed {
			pending[a.Action] = true
		}
	}
	if ch, ok := choice(p.choices(landsofruin.CmdAttack, "character", ""), id); ok {
		acts := p.choices(landsofruin.CmdAttack, "action", id)
		switch {
		case ch.Disabled == "":
			t := NewTile("Attack", "", func() { p.flow, p.atk = "attack", attackDraft{}; p.rebuild() })
			var names []string
			for _, a := range acts {
				names = append(names, a.Label)
			}
			t.Detail = strings.Join(names, " or ") + ": weapon, mode and targets next"
			out = append(out, t)
		case p.pendingAttack(pending):
			out = append(out, disabledTile("Attack", "", ch.Disabled))
		}
	}
	for _, tc := range throwCommands {
		ch, ok := choice(p.choices(tc.cmd, "character", ""), id)
		if !ok {
			continue
		}
		cmd := tc.cmd
		switch {
		case ch.Disabled == "":
			out = append(out, NewTile(tc.title, "", func() { p.flow, p.thr = cmd, throwDraft{}; p.rebuild() }))
		case pending[cmd]:
			out = append(out, disabledTile(tc.title, "", ch.Disabled))
		}
	}
	for _, ch := range p.choices(landsofruin.CmdPerform, "action", id) {
		action := ch.Value
		targets := p.choices(landsofruin.CmdPerform, "target", action)
		if len(targets) == 0 || ch.Disabled != "" {
			out = append(out, tileFor(ch, "", func() {
				p.do(landsofruin.CmdPerform, map[string]any{"character": id, "action": action})
			}))
			continue
		}
		out = append(out, subheading(ch.Label+" for:"))
		var tiles []fyne.CanvasObject
		for _, t := range targets {
			target := t.Value
			tile := tileFor(t, "", func() {
				p.do(landsofruin.CmdPerform, map[string]any{"character": id, "action": action, "target": target})
			})
			if !tile.Disabled {
				tile.Detail = t.Note
			}
			tiles = append(tiles, tile)
		}
		out = append(out, grid(2, tiles))
	}
	if len(out) == n {
		return append(out, para("Nothing to perform now."))
	}
	return out
}

// pendingAttack tells whether one of the pending actions is an attack
// (one that is neither performed with perform nor a throw).
func (p *Panel) pendingAttack(pending map[string]bool) bool {
	for a := range pending {
		if contains([]string{landsofruin.CmdThrow, landsofruin.CmdExecuteSlave, landsofruin.CmdCallArtillery}, a) {
			continue
		}
		found := false
		for _, ch := range p.choices(landsofruin.CmdPerform, "action", "") {
			found = found || ch.Value == a
		}
		if !found {
			return true
		}
	}
	return false
}

// offTable tells whether a section choice is off the table.
func offTable(c console.Choice) bool {
	return strings.HasPrefix(c.Value, "off-") || strings.HasPrefix(strings.ToLower(c.Label), "off table")
}

// movePicker is the sections a character may move to, the table's first
// and those off the table after, with the difficult-terrain toggle in the
// Action phase. A map tap on one of them does the same.
func (p *Panel) movePicker(id string, c landsofruin.CharView, title string) []fyne.CanvasObject {
	ch, ok := choice(p.choices(landsofruin.CmdMove, "character", ""), id)
	if !ok {
		if a, ok := p.aff(landsofruin.CmdMove); ok && a.Reason != "" {
			return []fyne.CanvasObject{subheading(title), para("✕ " + a.Reason)}
		}
		return nil
	}
	out := []fyne.CanvasObject{subheading(title)}
	if ch.Disabled != "" {
		return append(out, para("✕ "+ch.Disabled))
	}
	if p.v.Phase == landsofruin.PhaseAction {
		t := NewTile("Over difficult terrain", "", func() { p.diff = !p.diff; p.rebuild() })
		t.Selected = p.diff
		t.Detail = "its movement is halved for the turn (tap again to clear)"
		if p.diff {
			t.Detail = "selected: the next move is over difficult terrain (tap to clear)"
		}
		out = append(out, t)
	}
	var on, off []fyne.CanvasObject
	for _, s := range p.choices(landsofruin.CmdMove, "section", id) {
		sec := s.Value
		if s.Disabled != "" {
			if sec == c.Section && p.v.Phase == landsofruin.PhaseAction {
				// The section it stands in: a move over difficult terrain.
				t := NewTile(p.section(sec), "", func() { p.move(id, sec) })
				t.Selected, t.Disabled = true, !p.diff
				if t.Disabled {
					t.Detail = "here now"
				}
				on = append(on, t)
			}
			continue
		}
		p.want = append(p.want, sec)
		t := NewTile(p.section(sec), "", func() { p.move(id, sec) })
		if offTable(s) {
			off = append(off, t)
		} else {
			on = append(on, t)
		}
	}
	out = append(out, para(c.Name+" is in "+p.section(c.Section)+"; tap where it stands now, here or on the table map."))
	if len(on) > 0 {
		out = append(out, grid(4, on))
	}
	if len(off) > 0 {
		out = append(out, subheading("Leave the table"), grid(2, off))
	}
	return out
}

// move moves a character to a section; it reports whether the game took
// it.
func (p *Panel) move(id, section string) bool {
	args := map[string]any{"character": id, "section": section}
	if p.diff && p.v.Phase == landsofruin.PhaseAction {
		args["difficult"] = true
	}
	if p.do(landsofruin.CmdMove, args) {
		p.diff = false
		p.rebuild()
		return true
	}
	return false
}

// ranged tells whether a weapon choice is a ranged weapon (its note says).
func ranged(w console.Choice) bool { return strings.HasPrefix(w.Note, "ranged") }

// bands are the range bands the player picks per target, from the view:
// a distance in the band, in the unit the attack command takes, with the
// band's label.
func (p *Panel) bands() []struct{ id, label, dist string } {
	var out []struct{ id, label, dist string }
	for _, d := range p.v.RangeBands {
		out = append(out, struct{ id, label, dist string }{d.Band, d.Label, d.Value})
	}
	return out
}

// attackFlow: weapon, mode, targets (with band and cover), then declare.
func (p *Panel) attackFlow(id string, c landsofruin.CharView) []fyne.CanvasObject {
	d := &p.atk
	out := []fyne.CanvasObject{
		heading("Attack · " + c.Name),
		NewTile("← Back", "", func() { p.flow = ""; p.rebuild() }),
		subheading("Weapon"),
	}
	weapons := p.choices(landsofruin.CmdAttack, "weapon", id)
	if len(weapons) == 1 && weapons[0].Disabled == "" && d.weapon == "" {
		d.weapon = weapons[0].Value
	}
	var weapon console.Choice
	for _, w := range weapons {
		wid := w.Value
		t := tileFor(w, "", func() { d.weapon, d.mode = wid, ""; p.rebuild() })
		if !t.Disabled {
			t.Detail = w.Note
		}
		t.Selected = wid == d.weapon
		if t.Selected {
			weapon = w
		}
		out = append(out, t)
	}
	if d.weapon == "" {
		return out
	}
	out = append(out, subheading("Mode"))
	for _, m := range p.choices(landsofruin.CmdAttack, "mode", d.weapon) {
		mid := m.Value
		t := tileFor(m, "", func() { d.mode = mid; p.rebuild() })
		t.Detail = m.Note
		t.Selected = mid == d.mode
		out = append(out, t)
	}
	if d.mode == "" {
		return out
	}
	out = append(out, subheading("Targets"), para("Tap one or more; the first is the main target."))
	targets := p.choices(landsofruin.CmdAttack, "targets", id)
	for _, tc := range targets {
		tid := tc.Value
		t := tileFor(tc, "", func() { d.toggle(tid); p.rebuild() })
		if !t.Disabled {
			t.Detail = tc.Note
		}
		if i := index(d.targets, tid); i >= 0 {
			t.Selected, t.Side = true, fmt.Sprintf("#%d", i+1)
		}
		out = append(out, t)
	}
	isRanged := ranged(weapon)
	covers := p.choices(landsofruin.CmdAttack, "cover", "")
	ready := len(d.targets) > 0
	for i, tid := range d.targets {
		label := tid
		if tc, ok := choice(targets, tid); ok {
			label = tc.Label
		}
		out = append(out, subheading(fmt.Sprintf("Target %d: %s", i+1, label)))
		if isRanged {
			var tiles []fyne.CanvasObject
			for _, b := range p.bands() {
				band := b.id
				t := NewTile(b.label, "", func() { d.band[tid] = band; p.rebuild() })
				t.Selected = d.band[tid] == band
				tiles = append(tiles, t)
			}
			out = append(out, grid(3, tiles))
			ready = ready && d.band[tid] != ""
			if i > 0 {
				sp := p.v.Spread
				t := NewTile(sp.Label, "", func() { d.within[tid] = !d.within[tid]; p.rebuild() })
				t.Selected = d.within[tid]
				t.Detail = sp.Note
				out = append(out, t)
				ready = ready && d.within[tid]
			}
		}
		if len(covers) > 0 {
			var tiles []fyne.CanvasObject
			for _, cv := range covers {
				cover := cv.Value
				t := tileFor(cv, "", func() { d.cover[tid] = cover; p.rebuild() })
				t.Title = "Cover: " + t.Title
				t.Selected = d.cover[tid] == cover || d.cover[tid] == "" && cover == covers[0].Value
				tiles = append(tiles, t)
			}
			out = append(out, grid(len(tiles), tiles))
		}
	}
	acts := p.choices(landsofruin.CmdAttack, "action", id)
	if len(acts) > 1 {
		out = append(out, subheading("Which assigned action"))
		for _, a := range acts {
			aid := a.Value
			t := tileFor(a, "", func() { d.action = aid; p.rebuild() })
			t.Selected = d.action == aid
			out = append(out, t)
		}
		ready = ready && d.action != ""
	}
	declare := NewTile("Declare the attack", "", func() { p.declare(id, isRanged) })
	if !ready {
		declare.Disabled, declare.Detail = true, "✕ pick the targets and, for a ranged weapon, each one's range band"
	}
	return append(out, declare)
}

// toggle adds or removes a target.
func (d *attackDraft) toggle(id string) {
	if d.band == nil {
		d.band, d.cover, d.within = map[string]string{}, map[string]string{}, map[string]bool{}
	}
	if i := index(d.targets, id); i >= 0 {
		d.targets = append(d.targets[:i:i], d.targets[i+1:]...)
		return
	}
	d.targets = append(d.targets, id)
}

func index(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// declare sends the attack.
func (p *Panel) declare(id string, isRanged bool) {
	d := p.atk
	args := map[string]any{"character": id, "weapon": d.weapon, "mode": d.mode, "targets": strings.Join(d.targets, ",")}
	var covers, dists, spread []string
	for i, t := range d.targets {
		cv := d.cover[t]
		if cv == "" {
			cv = "none"
		}
		covers = append(covers, cv)
		if !isRanged {
			continue
		}
		for _, b := range p.bands() {
			if b.id == d.band[t] {
				dists = append(dists, b.dist)
			}
		}
		if i > 0 {
			spread = append(spread, p.v.Spread.Value)
		}
	}
	args["cover"] = strings.Join(covers, ",")
	if isRanged {
		args["distances"] = strings.Join(dists, ",")
		if len(spread) > 0 {
			args["spread"] = strings.Join(spread, ",")
		}
	}
	if d.action != "" {
		args["action"] = d.action
	}
	// Remember the names the affordances give, for the roll panel (the
	// declared attack in the view holds ids only).
	p.rememberNames()
	if p.do(landsofruin.CmdAttack, args) {
		p.flow, p.atk = "", attackDraft{}
		p.rebuild()
	}
}

// rememberNames keeps the labels of the weapons, modes and targets the
// attack affordance offers now.
func (p *Panel) rememberNames() {
	if p.names == nil {
		p.names = map[string]string{}
	}
	for _, arg := range []string{"weapon", "mode", "targets"} {
		for _, c := range p.choices(landsofruin.CmdAttack, arg, "") {
			p.names[c.Value] = c.Label
		}
	}
}

// nameOf is a remembered label, or the id made readable.
func (p *Panel) nameOf(id string) string {
	if n, ok := p.names[id]; ok && n != "" {
		return n
	}
	if c, ok := p.char(id); ok {
		return c.Name
	}
	if k, ok := strings.CutPrefix(id, "rotter:"); ok {
		return "a " + k + " Rotter"
	}
	return strings.ReplaceAll(id, "-", " ")
}

// rollPanel: the declared attack's targets, each with its d20 pad, then
// the roll (entered or the app's), or cancel.
func (p *Panel) rollPanel() []fyne.CanvasObject {
	a := p.v.Attack
	key := a.Attacker + "|" + a.Weapon + "|" + a.Mode + "|" + a.Band
	for _, t := range a.Targets {
		key += "|" + t.Target
	}
	if key != p.rollK || len(p.rolls) != len(a.Targets) {
		p.rollK, p.rolls = key, make([]int, len(a.Targets))
	}
	out := []fyne.CanvasObject{
		heading("Roll · " + p.name(a.Attacker)),
		large(fmt.Sprintf("%s, %s, %s range", p.nameOf(a.Weapon), p.nameOf(a.Mode), a.Band)),
	}
	ready := true
	var entered []string
	for i, t := range a.Targets {
		i := i
		out = append(out, subheading(fmt.Sprintf("Target %d: %s", i+1, p.nameOf(t.Target))),
			large(fmt.Sprintf("needs %d or more on the d20 (cover: %s)", t.Need, t.Cover)))
		var pad []fyne.CanvasObject
		for n := 1; n <= 20; n++ {
			n := n
			tile := NewTile(strconv.Itoa(n), "", func() { p.rolls[i] = n; p.rebuild() })
			tile.Center = true
			tile.Selected = p.rolls[i] == n
			pad = append(pad, tile)
		}
		out = append(out, grid(5, pad))
		ready = ready && p.rolls[i] > 0
		entered = append(entered, strconv.Itoa(p.rolls[i]))
	}
	appRoll := NewTile("Let the app roll", "", func() {
		if p.do(landsofruin.CmdRoll, map[string]any{"d20": landsofruin.AppRoll}) {
			p.rolls, p.rollK = nil, ""
			p.rebuild()
		}
	})
	appRoll.Detail = "with the game's own dice; the log says the app rolled"
	enter := NewTile("Enter the dice", strings.Join(entered, ", "), func() { p.roll(p.rolls) })
	if !ready {
		enter.Disabled, enter.Side, enter.Detail = true, "", "✕ tap the d20 you rolled for every target"
	}
	out = append(out, enter,
		appRoll,
		NewTile("Cancel the attack", "", func() {
			if p.do(landsofruin.CmdCancelAttack, nil) {
				p.rolls = nil
				p.rebuild()
			}
		}))
	return out
}

// roll sends the d20s.
func (p *Panel) roll(rolls []int) {
	var s []string
	for _, r := range rolls {
		s = append(s, strconv.Itoa(r))
	}
	if p.do(landsofruin.CmdRoll, map[string]any{"d20": strings.Join(s, ",")}) {
		p.rolls, p.rollK = nil, ""
		p.rebuild()
	}
}

// throwFlow: what is thrown, where (a tile or a map tap) and how far.
func (p *Panel) throwFlow(id string, c landsofruin.CharView) []fyne.CanvasObject {
	cmd := p.flow
	d := &p.thr
	out := []fyne.CanvasObject{
		heading(throwTitle(cmd) + " · " + c.Name),
		NewTile("← Back", "", func() { p.flow = ""; p.rebuild() }),
	}
	ready := true
	if cmd == landsofruin.CmdThrow {
		out = append(out, subheading("Grenade"))
		items := p.choices(cmd, "item", id)
		if len(items) == 1 && items[0].Disabled == "" && d.item == "" {
			d.item = items[0].Value
		}
		for _, it := range items {
			iid := it.Value
			t := tileFor(it, "", func() { d.item = iid; p.rebuild() })
			if !t.Disabled {
				t.Detail = it.Note
			}
			t.Selected = d.item == iid
			out = append(out, t)
		}
		ready = d.item != ""
	}
	out = append(out, subheading("Where it lands"), para("Tap the section here or on the table map."))
	var tiles []fyne.CanvasObject
	for _, s := range p.choices(cmd, "section", "") {
		sec := s.Value
		if s.Disabled == "" {
			p.want = append(p.want, sec)
		}
		t := tileFor(s, "", func() { d.section = sec; p.rebuild() })
		t.Title = p.section(sec)
		t.Selected = d.section == sec
		tiles = append(tiles, t)
	}
	out = append(out, grid(4, tiles))
	ready = ready && d.section != ""
	what := throwTitle(cmd) + " at " + p.section(d.section)
	if cmd != landsofruin.CmdCallArtillery {
		out = append(out, subheading("Distance to the marker"))
		unit := "\""
		if p.v.Units == landsofruin.UnitsCM {
			unit = " cm"
		}
		out = append(out, p.stepper(&d.dist, 0, 99, fmt.Sprintf("%d%s", d.dist, unit)))
		what += fmt.Sprintf(", %d%s away", d.dist, unit)
	}
	confirm := NewTile(what, "", func() { p.throw(id, cmd) })
	if !ready {
		confirm.Title = throwTitle(cmd)
		confirm.Disabled, confirm.Detail = true, "✕ choose what and where first"
	}
	return append(out, confirm)
}

// stepper is a number set with big buttons: −5, −1, the value, +1, +5.
func (p *Panel) stepper(n *int, lo, hi int, shown string) fyne.CanvasObject {
	step := func(label string, by int) *Tile {
		t := NewTile(label, "", func() { *n = min(max(*n+by, lo), hi); p.rebuild() })
		t.Center = true
		if *n+by < lo && *n == lo || *n+by > hi && *n == hi {
			t.Disabled = true
		}
		return t
	}
	val := large(shown)
	val.Alignment = fyne.TextAlignCenter
	val.TextStyle.Bold = true
	return grid(5, []fyne.CanvasObject{step("−5", -5), step("−1", -1), val, step("+1", 1), step("+5", 5)})
}

// throw sends the throw.
func (p *Panel) throw(id, cmd string) {
	d := p.thr
	args := map[string]any{"character": id, "section": d.section}
	if cmd == landsofruin.CmdThrow {
		args["item"] = d.item
	}
	if cmd != landsofruin.CmdCallArtillery {
		args["distance"] = d.dist * 10
	}
	if p.do(cmd, args) {
		p.flow, p.thr = "", throwDraft{}
		p.rebuild()
	}
}
