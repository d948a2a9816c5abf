package runeballscreen

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/runeball"
)

// RosterKind is the roster kind Runeball teams are kept under, for reuse
// across matches.
const RosterKind = "runeball-team"

// SavedTeam is a team kept in the roster store: each player's final
// stats, entered into a new match with enter-player (a saved character,
// SPEC.md §2.7).
type SavedTeam struct {
	Players []SavedPlayer `json:"players"`
	// Doctor is the team doctor's slot number (1–9), 0 for none.
	Doctor int `json:"doctor,omitempty"`
}

// SavedPlayer is one player of a saved team.
type SavedPlayer struct {
	Name       string `json:"name"`
	Stats      []int  `json:"stats"` // MUS SKL SPD TOU WIT TEC CHA
	Background string `json:"background,omitempty"`
	Boon       string `json:"boon,omitempty"`
}

// ParseSavedTeam reads a saved team, checking its shape (the engine
// checks the stats when they are entered).
func ParseSavedTeam(b []byte) (SavedTeam, error) {
	var t SavedTeam
	if err := json.Unmarshal(b, &t); err != nil {
		return SavedTeam{}, fmt.Errorf("read the saved team: %w", err)
	}
	if len(t.Players) == 0 || len(t.Players) > 9 {
		return SavedTeam{}, fmt.Errorf("a saved team has 1 to 9 players, not %d", len(t.Players))
	}
	for i, p := range t.Players {
		if len(p.Stats) != len(runeball.StatNames) {
			return SavedTeam{}, fmt.Errorf("saved player %d (%s) has %d stats, not %d", i+1, p.Name, len(p.Stats), len(runeball.StatNames))
		}
	}
	if t.Doctor < 0 || t.Doctor > len(t.Players) {
		return SavedTeam{}, fmt.Errorf("the saved team's doctor %d is not one of its players", t.Doctor)
	}
	return t, nil
}

// rosterBuilder is the roster phase: the coach's nine slots, the editor
// of the slot chosen, Save and Load, and Lock.
type rosterBuilder struct {
	s      *Screen
	slots  *fyne.Container
	editor *fyne.Container
	other  *widget.Label
	cover  *fyne.Container
	main   *fyne.Container
	// slot is the slot being edited ("H3").
	slot string
	// handingTo is the coach the tablet is being handed to (hot seat):
	// a cover hides every roster until he says he holds it.
	handingTo string
}

func newRosterBuilder(s *Screen) *rosterBuilder {
	r := &rosterBuilder{s: s, slots: kit.NewWrapVBox(), editor: kit.NewWrapVBox(), other: kit.Wrapped(""), cover: kit.NewWrapVBox()}
	left := container.NewVScroll(container.NewPadded(kit.NewWrapVBox(r.other, r.slots)))
	right := container.NewVScroll(container.NewPadded(r.editor))
	r.main = container.New(&twoColumns{}, left, right)
	return r
}

func (r *rosterBuilder) content() fyne.CanvasObject { return container.NewStack(r.main, r.cover) }

// draw redraws the builder from the view.
func (r *rosterBuilder) draw() {
	s := r.s
	v := s.view
	clear(s.buttons) // only what is drawn now
	clear(s.tiles)
	r.cover.RemoveAll()
	me := s.team(v.You)
	if me == nil {
		r.cover.Add(kit.Wrapped("A spectator sees the rosters once both are locked."))
		kit.ShowIf(r.cover, true)
		kit.ShowIf(r.main, false)
		return
	}
	// a hot-seat tablet hands over once the coach shown has locked, or
	// when he asked to: no roster is shown until the other coach says he
	// holds the tablet
	if !s.env.Fixed() && r.handingTo == "" && me.Locked && len(v.Waiting) > 0 && !slices.Contains(v.Waiting, v.You) {
		r.handingTo = v.Waiting[0]
	}
	if to := r.handingTo; !s.env.Fixed() && to != "" {
		if me.Locked {
			r.cover.Add(heading(teamWord(v.You) + "'s roster is locked"))
		} else {
			r.cover.Add(heading(teamWord(v.You) + "'s roster is hidden"))
		}
		r.cover.Add(kit.Wrapped("Hand the tablet to the " + to + " coach: the " + v.You + " roster stays hidden from him until both are locked."))
		r.cover.Add(s.bigButton("handover", "I am the "+to+" coach", func() { s.coach, r.handingTo, r.slot = to, "", ""; s.Refresh() }))
		kit.ShowIf(r.cover, true)
		kit.ShowIf(r.main, false)
		return
	}
	kit.ShowIf(r.cover, false)
	kit.ShowIf(r.main, true)
	r.drawSlots(me)
	r.drawEditor(me)
}

// drawSlots lists the nine slots, the other team as far as it may be
// seen, and the team's buttons.
func (r *rosterBuilder) drawSlots(me *runeball.TeamView) {
	s := r.s
	v := s.view
	r.slots.RemoveAll()
	for _, t := range v.Teams {
		if t.Team != me.Team {
			state := "building"
			if t.Locked {
				state = "locked"
			}
			r.other.SetText(fmt.Sprintf("%s: %d of 9 filled, %s (hidden until both rosters are locked)", teamWord(t.Team), t.Filled, state))
		}
	}
	head := teamWord(me.Team) + " roster"
	if me.Locked {
		head += " · locked"
	}
	r.slots.Add(heading(head))
	// A slot is a tile: its title and detail wrap, so a long name never
	// widens the list past a phone's width (a button does not wrap).
	for _, p := range me.Players {
		id := p.ID
		title, detail := id, "empty"
		switch {
		case p.Complete:
			title = id + " " + p.Name
			detail = fmt.Sprintf("HP %d · MOVE %d", p.HP, p.Move)
			if me.Doctor == id {
				detail += " · team doctor"
			}
		case !p.Empty:
			title, detail = id+" "+p.Name, "stats to assign"
		}
		if id == r.slot {
			title = "▶ " + title
		}
		s.tiles["slot-"+id] = kit.NewTile(title, detail, func() { r.slot = id; r.draw(); s.root.Refresh() })
		r.slots.Add(s.tiles["slot-"+id])
	}
	if me.Locked {
		return
	}
	row := []fyne.CanvasObject{}
	if s.rosters != nil {
		row = append(row, s.button("save-team", "Save team…", func() { r.saveTeam(me) }),
			s.button("load-team", "Load team…", r.loadTeam))
	}
	if !s.env.Fixed() {
		other := "away"
		if me.Team == "away" {
			other = "home"
		}
		row = append(row, s.button("switch-coach", "Hand over to "+other, func() {
			s.env.Confirm("Hand over", "Give the tablet to the "+other+" coach? The "+me.Team+" roster will be hidden.", "Hand over", func() {
				r.handingTo, r.slot = other, ""
				s.Refresh()
			})
		}))
	}
	r.slots.Add(kit.NewFitGrid(max(1, len(row)), row...))
	r.slots.Add(s.bigButton("lock-roster", "Lock the roster", func() {
		s.env.Confirm("Lock the roster", "Lock the "+me.Team+" roster? It cannot be changed afterwards.", "Lock", func() {
			s.do(runeball.CmdLockRoster)
		})
	}))
}

// drawEditor is the editor of the slot chosen.
func (r *rosterBuilder) drawEditor(me *runeball.TeamView) {
	s := r.s
	r.editor.RemoveAll()
	var p *runeball.PlayerView
	for i := range me.Players {
		if me.Players[i].ID == r.slot {
			p = &me.Players[i]
		}
	}
	if p == nil {
		r.editor.Add(kit.Wrapped("Choose a slot to fill it: roll the stats (2d6+4 eight times, the best seven kept), enter the table's dice, or enter a saved player's final stats."))
		return
	}
	id := "player=" + p.ID
	switch {
	case p.Empty && !me.Locked:
		name := widget.NewEntry()
		name.SetPlaceHolder("name")
		name.SetText(p.Name)
		s.entries["name"] = name
		// a refusal of this form (no name, a stat out of range) shows
		// under the name, in one message, instead of a pop-up per try
		problem := kit.Wrapped("")
		problem.Importance = widget.DangerImportance
		problem.Hide()
		s.labels["new-player-problem"] = problem
		try := func(cmd string, args ...string) { s.tryInline(problem, cmd, args...) }
		r.editor.Add(heading(p.ID + ": a new player"))
		r.editor.Add(kit.Field("Name", name, "", problem))
		r.editor.Add(s.bigButton("roll-stats", "Roll the stats for me", func() {
			try(runeball.CmdRollStats, id, "name="+name.Text)
		}))
		rolls := widget.NewEntry()
		rolls.SetPlaceHolder("8 totals of 2d6+4, e.g. 16,14,13,12,11,9,8,7")
		s.entries["rolls"] = rolls
		r.editor.Add(kit.Field("Or the table's rolls", container.NewBorder(nil, nil, nil,
			s.button("enter-rolls", "Enter", func() { try(runeball.CmdRollStats, id, "name="+name.Text, "rolls="+commaList(rolls.Text)) }), rolls), "", nil))
		r.editor.Add(subhead("Or a saved player's final stats"))
		ins, grid := statEntries(s, "enter", nil)
		r.editor.Add(grid)
		r.editor.Add(s.button("enter-player", "Enter this player", func() {
			args := []string{id, "name=" + name.Text}
			for i, n := range runeball.StatNames {
				args = append(args, n+"="+strings.TrimSpace(ins[i].Text))
			}
			try(runeball.CmdEnterPlayer, args...)
		}))
	case !p.Complete && !me.Locked:
		r.editor.Add(heading(p.ID + " " + p.Name))
		r.editor.Add(kit.Wrapped("Rolls: " + ints(p.Rolls) + ". Put seven of them on the stats (the lowest is dropped)."))
		best := slices.Clone(p.Rolls)
		slices.Sort(best)
		slices.Reverse(best)
		opts := make([]string, 0, len(p.Rolls))
		for _, x := range p.Rolls {
			if w := strconv.Itoa(x); !slices.Contains(opts, w) {
				opts = append(opts, w)
			}
		}
		var sels []*widget.Select
		var cells []fyne.CanvasObject
		for i, n := range runeball.StatNames {
			sel := widget.NewSelect(opts, nil)
			if i < len(best) {
				sel.SetSelected(strconv.Itoa(best[i]))
			}
			s.selects["assign-"+n] = sel
			sels = append(sels, sel)
			cells = append(cells, kit.Field(strings.ToUpper(n), sel, "", nil))
		}
		r.editor.Add(kit.NewFitGrid(4, cells...))
		r.editor.Add(s.bigButton("assign-stats", "Assign", func() {
			args := []string{id}
			for i, n := range runeball.StatNames {
				args = append(args, n+"="+sels[i].Selected)
			}
			s.do(runeball.CmdAssignStats, args...)
		}))
		r.editor.Add(s.button("remove-player", "Start this slot again", func() { s.do(runeball.CmdRemovePlayer, id) }))
	default:
		r.editor.Add(kit.Card(playerCard(p, false)...))
		if me.Locked {
			return
		}
		if len(p.Rolls) > 0 && !p.Improved {
			r.improve(p)
		}
		row := []fyne.CanvasObject{
			s.button("rename", "Rename…", func() { r.rename(p.ID, p.Name) }),
			s.button("set-doctor", "Team doctor", func() { s.do(runeball.CmdSetDoctor, id) }),
			s.button("remove-player", "Remove", func() { s.do(runeball.CmdRemovePlayer, id) }),
		}
		r.editor.Add(kit.NewFitGrid(3, row...))
	}
}

// improve offers a rolled player's one improvement: +1 to two stats, or
// +1 to one and another below 8 set to 8 (RB-F3, RB-F4).
func (r *rosterBuilder) improve(p *runeball.PlayerView) {
	s := r.s
	var codes []string
	for _, n := range runeball.StatNames {
		codes = append(codes, strings.ToUpper(n))
	}
	a := widget.NewSelect(codes, nil)
	b := widget.NewSelect(codes, nil)
	raise := widget.NewCheck("the second is set to 8 instead (it is below 8)", nil)
	s.selects["improve-a"], s.selects["improve-b"] = a, b
	r.editor.Add(subhead("Improve once: +1 to two stats"))
	r.editor.Add(kit.NewFitGrid(2, a, b))
	r.editor.Add(raise)
	r.editor.Add(s.button("improve", "Improve", func() {
		args := []string{"player=" + p.ID}
		if raise.Checked {
			args = append(args, "plus="+strings.ToLower(a.Selected), "raise="+strings.ToLower(b.Selected))
		} else {
			args = append(args, "plus="+strings.ToLower(a.Selected)+","+strings.ToLower(b.Selected))
		}
		s.do(runeball.CmdImprove, args...)
	}))
}

// rename asks for a player's new name.
func (r *rosterBuilder) rename(id, name string) {
	e := widget.NewEntry()
	e.SetText(name)
	dialog.ShowForm("Rename "+id, "Rename", "Cancel", []*widget.FormItem{widget.NewFormItem("Name", e)}, func(ok bool) {
		if ok {
			r.s.do(runeball.CmdNamePlayer, "player="+id, "name="+e.Text)
		}
	}, r.s.env.Window())
}

// saveTeam keeps the team's complete players in the roster store.
func (r *rosterBuilder) saveTeam(me *runeball.TeamView) {
	s := r.s
	var t SavedTeam
	for _, p := range me.Players {
		if !p.Complete {
			continue
		}
		t.Players = append(t.Players, SavedPlayer{Name: p.Name, Stats: slices.Clone(p.Stats), Background: p.Background, Boon: p.Boon})
		if me.Doctor == p.ID {
			t.Doctor = len(t.Players)
		}
	}
	if len(t.Players) == 0 {
		s.env.Fail(console.Reject("no player is complete yet: there is nothing to save"))
		return
	}
	name := widget.NewEntry()
	name.SetPlaceHolder("team name")
	dialog.ShowForm("Save the team", "Save", "Cancel", []*widget.FormItem{widget.NewFormItem("Name", name)}, func(ok bool) {
		if !ok {
			return
		}
		if err := r.putTeam(strings.TrimSpace(name.Text), t); err != nil {
			s.env.Fail(err)
		}
	}, s.env.Window())
}

// putTeam writes a team to the roster store.
func (r *rosterBuilder) putTeam(name string, t SavedTeam) error {
	if name == "" {
		return console.Reject("give the team a name to save it under")
	}
	b, err := json.Marshal(t)
	if err != nil {
		return fmt.Errorf("save team %s: %w", name, err)
	}
	if err := r.s.rosters.PutRoster(RosterKind, name, b); err != nil {
		return fmt.Errorf("save team %s: %w", name, err)
	}
	return nil
}

// loadTeam lists the saved teams; the one chosen fills the slots.
func (r *rosterBuilder) loadTeam() {
	s := r.s
	names, err := s.rosters.Rosters(RosterKind)
	if err != nil {
		s.env.Fail(fmt.Errorf("list the saved teams: %w", err))
		return
	}
	if len(names) == 0 {
		s.env.Fail(console.Reject("no team is saved yet: build one and tap Save team"))
		return
	}
	var d dialog.Dialog
	box := container.NewVBox()
	for _, n := range names {
		n := n
		box.Add(s.button("load-"+n, n, func() { d.Hide(); r.useTeam(n) }))
	}
	d = dialog.NewCustom("Load a saved team", "Cancel", container.NewVScroll(box), s.env.Window())
	d.Resize(fyne.NewSize(360, fyne.Min(box.MinSize().Height+140, s.env.Window().Canvas().Size().Height-32)))
	d.Show()
}

// useTeam fills the team's slots from the saved team named: each slot
// emptied, then its player entered with final stats; the doctor named.
// It stops at the first refusal, which is shown.
func (r *rosterBuilder) useTeam(name string) {
	s := r.s
	b, err := s.rosters.Roster(RosterKind, name)
	if err != nil {
		s.env.Fail(fmt.Errorf("load team %s: %w", name, err))
		return
	}
	t, err := ParseSavedTeam(b)
	if err != nil {
		s.env.Fail(fmt.Errorf("load team %s: %w", name, err))
		return
	}
	me := s.team(s.view.You)
	if me == nil {
		return
	}
	// one message for every nameless player, before anything is entered
	var nameless []string
	for i, p := range t.Players {
		if strings.TrimSpace(p.Name) == "" {
			nameless = append(nameless, fmt.Sprint(i+1))
		}
	}
	if len(nameless) > 0 {
		who, verb := "player", "has"
		if len(nameless) > 1 {
			who, verb = "players", "have"
		}
		s.env.Fail(console.Reject("the saved team %s cannot be loaded: %s %s %s no name", name, who, andList(nameless), verb))
		return
	}
	for i, p := range t.Players {
		if i >= len(me.Players) {
			break
		}
		slot := me.Players[i]
		if !slot.Empty && !s.do(runeball.CmdRemovePlayer, "player="+slot.ID) {
			return
		}
		args := []string{"player=" + slot.ID, "name=" + p.Name}
		for j, n := range runeball.StatNames {
			args = append(args, fmt.Sprintf("%s=%d", n, p.Stats[j]))
		}
		if p.Background != "" {
			args = append(args, "background="+p.Background)
		}
		if p.Boon != "" {
			args = append(args, "boon="+p.Boon)
		}
		if !s.do(runeball.CmdEnterPlayer, args...) {
			return
		}
	}
	if t.Doctor > 0 && t.Doctor <= len(me.Players) {
		s.do(runeball.CmdSetDoctor, "player="+me.Players[t.Doctor-1].ID)
	}
}

// statEntries are seven number entries, one per stat, in a grid.
func statEntries(s *Screen, prefix string, vals []int) ([]*widget.Entry, fyne.CanvasObject) {
	var ins []*widget.Entry
	var cells []fyne.CanvasObject
	for i, n := range runeball.StatNames {
		e := widget.NewEntry()
		e.SetPlaceHolder("6–17")
		if i < len(vals) {
			e.SetText(strconv.Itoa(vals[i]))
		}
		s.entries[prefix+"-"+n] = e
		ins = append(ins, e)
		cells = append(cells, kit.Field(strings.ToUpper(n), e, "", nil))
	}
	return ins, kit.NewFitGrid(4, cells...)
}

// commaList turns "16 14, 13" into "16,14,13".
func commaList(s string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(s, ",", " ")), ",")
}

func ints(xs []int) string {
	var out []string
	for _, x := range xs {
		out = append(out, strconv.Itoa(x))
	}
	return strings.Join(out, " ")
}
