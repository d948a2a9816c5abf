package lorsetup

import (
	"encoding/json"
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin"
	"github.com/commandconsole/commandconsole/games/landsofruin/content"
)

// PanelConfig configures a seat's setup panel.
type PanelConfig struct {
	// DrawMap draws the map seen from each table side; nil: a plain
	// label.
	DrawMap MapDrawer
	// Confirm, when set, asks before "I am ready" is sent (a yes/no
	// question, fn on yes): on a shared tablet ready hands the tablet
	// over, and the choices can then be changed only with the other
	// side's consent.
	Confirm func(title, msg, yes string, fn func())
	// Rosters are the player's own saved teams (the save file's roster
	// teams, landsofruin.RosterKindTeam), offered beside the pre-made
	// ones and sent whole as team-json.
	Rosters []landsofruin.CustomTeam
	// Characters are the player's own saved characters
	// (landsofruin.RosterKindCharacter), offered in the team builder
	// beside the pre-made ones.
	Characters []content.Character
	// OnSaveCharacter, when set, receives each character the player
	// makes in the team builder (checked, its totals computed), to keep
	// in the roster (landsofruin.RosterKindCharacter).
	OnSaveCharacter func(content.Character)
	// OnSaveTeam, when set, receives each team built in the team builder
	// that the game accepted, to keep in the roster
	// (landsofruin.RosterKindTeam).
	OnSaveTeam func(landsofruin.CustomTeam)
}

// The steps of the setup panel, as Panel.Error names them.
const (
	StepRole    = "role"
	StepSide    = "side"
	StepTeam    = "team"
	StepReady   = "ready"
	StepPreGame = "pre-game"
)

// Panel is one seat's Lands of Ruin setup, in the order the game takes
// it: role, table side, team and ready at setup; the pre-game Rotters,
// secret infiltrator placement and ready in the pre-game. A step done
// shows a summary (with Change while the seat is not ready); the other
// seats are listed with what their view tells ("waiting for bob to choose
// a team"), never their team.
type Panel struct {
	widget.BaseWidget

	v   landsofruin.View
	act Act
	cfg PanelConfig

	// errs is the refusal last shown per step.
	errs map[string]string
	// change marks the done steps the player reopened with Change.
	change map[string]bool
	// builder is the custom team builder, while it is open.
	builder *teamBuilder
	// made is the characters the player made here.
	made []content.Character
	// sent: a command was accepted and its new view has not come yet;
	// taps that send are ignored until it does (no double sends).
	sent bool

	box    *fyne.Container
	scroll *container.Scroll
}

// NewPanel returns the setup panel of v's seat; act sends its commands.
func NewPanel(v landsofruin.View, act Act, cfg PanelConfig) *Panel {
	p := &Panel{v: v, act: act, cfg: cfg, errs: map[string]string{}, change: map[string]bool{}, box: container.NewVBox()}
	p.scroll = container.NewVScroll(p.box)
	p.ExtendBaseWidget(p)
	p.rebuild()
	return p
}

// Update redraws the panel in place from the seat's new view; after a
// command the panel sent is accepted it takes no other tap until Update
// brings the new view (so a double tap sends once). Given
// another seat's view, it forgets what the previous seat left open (a
// refusal, a half-built team).
func (p *Panel) Update(v landsofruin.View) {
	if v.Seat != p.v.Seat {
		// Another seat's view (a hot-seat screen reusing the panel):
		// nothing the previous seat did here stays on screen.
		p.errs, p.change, p.builder, p.made = map[string]string{}, map[string]bool{}, nil, nil
	}
	p.v = v
	p.sent = false
	if v.Phase != landsofruin.PhaseSetup {
		p.builder = nil
		p.change = map[string]bool{}
	}
	p.rebuild()
}

// Error is the refusal shown at a step ("" none): the rules' message for
// the last command the step sent.
func (p *Panel) Error(step string) string { return p.errs[step] }

// CreateRenderer shows the steps in a vertical scroll.
func (p *Panel) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(p.scroll)
}

// me is the seat's own player.
func (p *Panel) me() landsofruin.PlayerView {
	for _, pl := range p.v.Players {
		if pl.Seat == p.v.Seat {
			return pl
		}
	}
	return landsofruin.PlayerView{Seat: p.v.Seat}
}

// aff is the affordance of cmd in the view.
func (p *Panel) aff(cmd string) console.Affordance {
	a, _ := console.FindAffordance(p.v.Commands, cmd)
	return a
}

// send gives cmd with args as the seat and keeps the refusal for step.
func (p *Panel) send(step, cmd string, args map[string]any) bool {
	if p.act == nil || p.sent {
		return false
	}
	// Set before act: a lead that calls Update inside act clears it.
	p.sent = true
	err := p.act(cmd, args)
	if err != nil {
		p.sent = false
		p.errs[step] = errText(err)
	} else {
		delete(p.errs, step)
		delete(p.change, step)
	}
	p.rebuild()
	return err == nil
}

// rebuild draws the steps of the view's phase.
func (p *Panel) rebuild() {
	var objs []fyne.CanvasObject
	switch p.v.Phase {
	case landsofruin.PhaseSetup:
		objs = append(objs, heading("Setup: "+p.v.ScenarioName+" on "+p.v.MapName))
		objs = append(objs, p.roleStep()...)
		objs = append(objs, p.sideStep()...)
		objs = append(objs, p.teamStep()...)
		objs = append(objs, p.readyStep()...)
		objs = append(objs, p.others()...)
	case landsofruin.PhasePreGame:
		objs = append(objs, heading("Before the battle: "+p.v.ScenarioName))
		objs = append(objs, p.preGame()...)
		objs = append(objs, p.readyStep()...)
		objs = append(objs, p.others()...)
	default:
		objs = append(objs, heading("Setup is over"), para("The battle has begun."))
	}
	p.box.Objects = objs
	// The scroll lays the content out again at its new height.
	p.scroll.Refresh()
}

// withError appends the step's refusal, if any.
func (p *Panel) withError(step string, objs []fyne.CanvasObject) []fyne.CanvasObject {
	if e := p.errs[step]; e != "" {
		objs = append(objs, errorLine(e))
	}
	return objs
}

// summary is a done step: what was chosen, and Change while not ready
// and there is something else to choose.
func (p *Panel) summary(step, text string, others bool) fyne.CanvasObject {
	l := para("✔ " + text)
	if p.me().Ready || !others {
		return l
	}
	ch := button("Change", widget.LowImportance, func() {
		p.change[step] = true
		p.rebuild()
	})
	return container.NewBorder(nil, nil, nil, touch(ch), l)
}

// reason is why a command is not allowed, for a step that cannot be
// taken now.
func reason(a console.Affordance) string {
	if a.Reason != "" {
		return plain(a.Reason)
	}
	return "not now"
}

func (p *Panel) roleStep() []fyne.CanvasObject {
	me := p.me()
	a := p.aff(landsofruin.CmdChooseRole)
	objs := []fyne.CanvasObject{heading("1. Your role")}
	if me.Role != "" && !p.change[StepRole] {
		name := me.Role
		if c, ok := choice(a, "role", me.Role); ok && c.Label != "" {
			name = c.Label
		}
		text := "Your role: " + name
		if o := roleObjectives(p.v.Scenario, me.Role); o != "" {
			text += " (" + o + ")"
		}
		return p.withError(StepRole, append(objs, p.summary(StepRole, text, len(choices(a, "role")) > 1)))
	}
	if !a.Allowed && len(choices(a, "role")) == 0 {
		return p.withError(StepRole, append(objs, para(reason(a))))
	}
	for _, c := range choices(a, "role") {
		c := c
		note := c.Note
		if o := roleObjectives(p.v.Scenario, c.Value); o != "" {
			note += "; " + o
		}
		t := NewTile(c.Label, note, func() { p.send(StepRole, landsofruin.CmdChooseRole, map[string]any{"role": c.Value}) })
		t.Disabled = plain(c.Disabled)
		t.Selected = c.Value == me.Role
		objs = append(objs, t)
	}
	return p.withError(StepRole, objs)
}

func (p *Panel) sideStep() []fyne.CanvasObject {
	me := p.me()
	a := p.aff(landsofruin.CmdChooseSide)
	objs := []fyne.CanvasObject{heading("2. Your table side")}
	if me.Side != "" && !p.change[StepSide] {
		return p.withError(StepSide, append(objs, p.summary(StepSide, "You sit at the "+me.Side+" side of "+p.v.MapName, len(choices(a, "side")) > 1)))
	}
	cs := choices(a, "side")
	if !a.Allowed && len(cs) == 0 {
		return p.withError(StepSide, append(objs, para(reason(a))))
	}
	objs = append(objs, para("Your characters enter from your edge of the table. Each map is shown as you will see it."))
	var cards []fyne.CanvasObject
	for _, c := range cs {
		c := c
		label := c.Label
		if label == "" {
			label = c.Value
		}
		t := NewTile("Sit at the "+label+" side", c.Note, func() {
			p.send(StepSide, landsofruin.CmdChooseSide, map[string]any{"side": c.Value})
		})
		t.Disabled = plain(c.Disabled)
		t.Selected = c.Value == me.Side
		cards = append(cards, container.NewBorder(nil, t, nil, nil, drawMap(p.cfg.DrawMap, p.v.Map, p.v.MapName, c.Value)))
	}
	objs = append(objs, container.NewGridWrap(fyne.NewSize(300, 380), cards...))
	return p.withError(StepSide, objs)
}

func (p *Panel) teamStep() []fyne.CanvasObject {
	me := p.me()
	a := p.aff(landsofruin.CmdChooseTeam)
	objs := []fyne.CanvasObject{heading("3. Your team")}
	limit := gearLimit(p.v.Scenario, me.Role)
	if me.Team != "" && !p.change[StepTeam] && p.builder == nil {
		text := fmt.Sprintf("Your team: %s, gear value %d", me.TeamName, me.GearValue)
		if limit > 0 {
			text += fmt.Sprintf(" of %d", limit)
		}
		if me.CustomTeam {
			text += " (your own team)"
		}
		return p.withError(StepTeam, append(objs, p.summary(StepTeam, text, true)))
	}
	if !a.Allowed {
		return p.withError(StepTeam, append(objs, para(reason(a))))
	}
	if p.builder != nil {
		objs = append(objs, p.builder.view(limit)...)
		return p.withError(StepTeam, objs)
	}
	if limit > 0 {
		objs = append(objs, para(fmt.Sprintf("Your role allows a team of up to %d gear value.", limit)))
	}
	objs = append(objs, heading("Pre-made teams"))
	for _, c := range choices(a, "team") {
		c := c
		note := c.Note
		if limit > 0 && c.Disabled == "" {
			note += fmt.Sprintf(" (limit %d)", limit)
		}
		t := NewTile(c.Label, note, func() {
			p.send(StepTeam, landsofruin.CmdChooseTeam, map[string]any{"team": c.Value})
		})
		t.Disabled = plain(c.Disabled)
		t.Selected = c.Value == me.Team
		objs = append(objs, t)
	}
	if len(p.cfg.Rosters) > 0 {
		objs = append(objs, heading("Your saved teams"))
		for _, rt := range p.cfg.Rosters {
			objs = append(objs, p.rosterTile(rt, limit))
		}
	}
	objs = append(objs, heading("Your own team"),
		NewTile("Build a team", "Pick pre-made and your own characters; the gear value is counted as you go.", func() {
			p.builder = newTeamBuilder(p, me.Role)
			p.rebuild()
		}))
	return p.withError(StepTeam, objs)
}

// rosterTile is a saved team: its gear value against the limit, or why
// it cannot be played; a tap sends it whole as team-json.
func (p *Panel) rosterTile(rt landsofruin.CustomTeam, limit int) fyne.CanvasObject {
	name := rt.Name
	if name == "" {
		name = rt.ID
	}
	t := NewTile(name, "", nil)
	checked, err := landsofruin.CheckCustomTeam(rt, limit)
	if err != nil {
		t.Disabled = "cannot be played here: " + err.Error()
		return t
	}
	t.Note = fmt.Sprintf("%s, gear value %d of %d, %d models", checked.Tribe, checked.GearValue, limit, checked.Models)
	b, err := json.Marshal(rt)
	if err != nil {
		t.Disabled = "cannot be sent"
		return t
	}
	t.OnTapped = func() {
		p.send(StepTeam, landsofruin.CmdChooseTeam, map[string]any{"team-json": string(b)})
	}
	t.Selected = p.me().Team == rt.ID
	return t
}

// missing lists what the seat has still to do before ready.
func (p *Panel) missing() []string {
	me := p.me()
	var out []string
	if p.v.Phase == landsofruin.PhaseSetup {
		if me.Role == "" {
			out = append(out, "a role")
		}
		if me.Side == "" {
			out = append(out, "a table side")
		}
		if me.Team == "" {
			out = append(out, "a team")
		}
	}
	return out
}

func (p *Panel) readyStep() []fyne.CanvasObject {
	me := p.me()
	n := 4
	if p.v.Phase == landsofruin.PhasePreGame {
		n = 2
	}
	objs := []fyne.CanvasObject{heading(fmt.Sprintf("%d. Ready", n))}
	if me.Ready {
		text := "You are ready."
		if w := p.waiting(); len(w) > 0 {
			text += " Waiting for " + strings.Join(w, ", ") + "."
		}
		return append(objs, para("✔ "+text))
	}
	a := p.aff(landsofruin.CmdReady)
	note := "The game starts when every player is ready."
	if p.v.Phase == landsofruin.PhasePreGame {
		note = "The battle starts when every player is ready."
	}
	if m := p.missing(); len(m) > 0 {
		note = "Still to choose: " + strings.Join(m, ", ") + "."
	}
	t := NewTile("I am ready", note, func() {
		send := func() { p.send(StepReady, landsofruin.CmdReady, nil) }
		if p.cfg.Confirm == nil {
			send()
			return
		}
		msg := "Your choices are final once you are ready: the tablet then goes to the next player."
		if p.v.Phase == landsofruin.PhasePreGame {
			msg = "Your placements are final once you are ready: the tablet then goes to the next player."
		}
		p.cfg.Confirm("Ready?", msg, "I am ready", send)
	})
	if !a.Allowed {
		t.Disabled = reason(a)
	}
	return p.withError(StepReady, append(objs, t))
}

// waiting is the other seats not ready yet.
func (p *Panel) waiting() []string {
	var out []string
	for _, pl := range p.v.Players {
		if pl.Seat != p.v.Seat && !pl.Ready {
			out = append(out, pl.Seat)
		}
	}
	return out
}

// others is what the view tells of the other seats: "waiting for bob to
// choose a team", never which team.
func (p *Panel) others() []fyne.CanvasObject {
	var objs []fyne.CanvasObject
	for _, pl := range p.v.Players {
		if pl.Seat == p.v.Seat {
			continue
		}
		if len(objs) == 0 {
			objs = append(objs, heading("The other players"))
		}
		objs = append(objs, para(otherLine(p.v.Phase, pl)))
	}
	return objs
}

// otherLine is one other seat's progress.
func otherLine(phase string, pl landsofruin.PlayerView) string {
	if pl.Ready {
		return pl.Seat + " is ready."
	}
	if phase != landsofruin.PhaseSetup {
		return "waiting for " + pl.Seat + " to say ready"
	}
	var todo []string
	if pl.Role == "" {
		todo = append(todo, "a role")
	}
	if pl.Side == "" {
		todo = append(todo, "a table side")
	}
	if !pl.TeamChosen && pl.Team == "" {
		todo = append(todo, "a team")
	}
	if len(todo) == 0 {
		return "waiting for " + pl.Seat + " to say ready"
	}
	return "waiting for " + pl.Seat + " to choose " + joinAnd(todo)
}

// joinAnd joins "a, b and c".
func joinAnd(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// preGame is the Rotters before the battle and the secret placement of
// the seat's infiltrators.
func (p *Panel) preGame() []fyne.CanvasObject {
	objs := []fyne.CanvasObject{heading("1. Rotters and infiltrators")}
	if len(p.v.RotterDeployment) > 0 {
		objs = append(objs, para("Place the Rotters before the battle. Per section: yours (your opponent's)."))
		grid := container.NewGridWithColumns(2)
		for _, d := range p.v.RotterDeployment {
			grid.Add(widget.NewLabelWithStyle("Section "+sectionLabel(p.v.Map, d.Section), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
			grid.Add(widget.NewLabel(d.Label))
		}
		objs = append(objs, grid)
	}
	a := p.aff(landsofruin.CmdInfiltrate)
	var infil []console.Choice
	for _, c := range choices(a, "character") {
		if c.Disabled == "" {
			infil = append(infil, c)
		}
	}
	if len(infil) == 0 {
		return p.withError(StepPreGame, append(objs, para("You have no infiltrators to place.")))
	}
	objs = append(objs, para("Place your infiltrators in secret: only you see where they are. Hand the tablet over only after this step."))
	me := p.me()
	objs = append(objs, container.NewCenter(container.NewGridWrap(fyne.NewSize(360, 360), drawMap(p.cfg.DrawMap, p.v.Map, p.v.MapName, me.Side))))
	where := map[string]string{}
	for _, cv := range p.v.Characters {
		where[cv.ID] = cv.Section
	}
	secs := choices(a, "section")
	for _, c := range infil {
		c := c
		now := "not placed yet"
		if s := where[c.Value]; s != "" {
			now = "in section " + sectionLabel(p.v.Map, s)
		}
		objs = append(objs, para(c.Label+": "+now))
		// Five a row: its height is known before the first layout, and
		// five 44-dp buttons fit a phone.
		grid := container.NewGridWithColumns(5)
		for _, s := range secs {
			s := s
			label := s.Label
			if label == "" {
				label = s.Value
			}
			imp := widget.MediumImportance
			if where[c.Value] == s.Value {
				imp = widget.HighImportance
			}
			b := button(label, imp, func() {
				p.send(StepPreGame, landsofruin.CmdInfiltrate, map[string]any{"character": c.Value, "section": s.Value})
			})
			if s.Disabled != "" {
				b.Disable()
			}
			grid.Add(tall(b))
		}
		objs = append(objs, grid)
	}
	return p.withError(StepPreGame, objs)
}
