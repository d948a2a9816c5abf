package lorscreen

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"

	"github.com/commandconsole/commandconsole/app/lorphase"
	"github.com/commandconsole/commandconsole/app/lorsetup"
	"github.com/commandconsole/commandconsole/app/lorwidget"
	"github.com/commandconsole/commandconsole/games/landsofruin"
	"github.com/commandconsole/commandconsole/games/landsofruin/content"
)

// panelPart is the right-hand panel: the setup wizard (lorsetup) during
// setup and the pre-game, the phase panels (lorphase) in the battle. Both
// scroll on their own.
type panelPart struct {
	box     *fyne.Container
	act     Act
	outcome func() []string
	pick    func(id string)
	cfg     lorsetup.PanelConfig

	// mark outlines on the map the sections a map tap acts on now.
	mark func(sections []string)

	setup     *lorsetup.Panel
	setupSeat string
	phase     *lorphase.Panel
	layout    landsofruin.MapLayout
}

// drawMap draws a map turned for a side, for the setup wizard.
func drawMap(mapID, side string) fyne.CanvasObject {
	s := content.Side(side)
	if !s.Valid() {
		s = content.South
	}
	return lorwidget.NewMapPreview(mapID, s)
}

// newPanelPart returns the panel; act sends a command as the seat on
// screen, outcome gives the lines the last accepted command added, pick
// selects a character (tapped in the panel).
func newPanelPart(act Act, outcome func() []string, pick func(id string), cfg lorsetup.PanelConfig) *panelPart {
	if cfg.DrawMap == nil {
		cfg.DrawMap = drawMap
	}
	return &panelPart{box: container.NewStack(), act: act, outcome: outcome, pick: pick, cfg: cfg}
}

func (p *panelPart) Object() fyne.CanvasObject { return p.box }

// show puts o in the panel's place.
func (p *panelPart) show(o fyne.CanvasObject) {
	if len(p.box.Objects) == 1 && p.box.Objects[0] == o {
		return
	}
	p.box.Objects = []fyne.CanvasObject{o}
	p.box.Refresh()
}

// Update shows the setup wizard or the phase panel for v. An empty view
// (the hand-over screen) drops the setup panel and wipes the phase panel,
// so nothing of the last seat stays in memory or on screen.
func (p *panelPart) Update(v landsofruin.View, selected string) {
	if v.Seat == "" {
		if p.mark != nil {
			p.mark(nil)
		}
		p.setup, p.setupSeat = nil, ""
		if p.phase != nil {
			p.phase.Update(v, "")
		}
		p.box.Objects = nil
		p.box.Refresh()
		return
	}
	switch v.Phase {
	case landsofruin.PhaseSetup, landsofruin.PhasePreGame:
		if lorwidget.Watching(v) {
			// A spectator takes no setup step: the phase panel says
			// whom the game waits for.
			break
		}
		if p.setup == nil || p.setupSeat != v.Seat {
			// Act is bound when a setup panel is made: a new seat gets
			// a new one.
			p.setup, p.setupSeat = lorsetup.NewPanel(v, lorsetup.Act(p.act), p.cfg), v.Seat
		} else {
			p.setup.Update(v)
		}
		p.show(p.setup)
		return
	}
	p.setup, p.setupSeat = nil, ""
	if p.phase == nil {
		p.phase = lorphase.New(p.withOutcome)
		p.phase.OnSelect = p.pick
		p.phase.SectionLabel = p.sectionLabel
		p.phase.OnSections = func(ids []string) {
			if p.mark != nil {
				p.mark(ids)
			}
		}
	}
	if l, ok := landsofruin.MapLayoutOf(v.Map); ok {
		p.layout = l
	}
	p.phase.Update(v, selected)
	p.show(p.phase)
}

// withOutcome sends a command from the phase panel (the screen shows its
// result lines in the panel: ShowOutcome).
func (p *panelPart) withOutcome(cmd string, args map[string]any) error {
	return p.act(cmd, args)
}

// ShowOutcome shows the result lines of the last command, from the panel,
// the map or the menu, in the phase panel's result box.
func (p *panelPart) ShowOutcome(lines []string) {
	if p.phase != nil {
		p.phase.ShowOutcome(lines)
	}
}

// sectionLabel names a section as the map shows it ("F").
func (p *panelPart) sectionLabel(id string) string {
	if s, ok := p.layout.Section(id); ok && s.Label != "" {
		return s.Label
	}
	return id
}

// MarkSections sets where the panel tells the map which sections a tap on
// it acts on.
func (p *panelPart) MarkSections(mark func(sections []string)) { p.mark = mark }

// TakeSection passes a section tapped on the map to the phase panel.
func (p *panelPart) TakeSection(section string) {
	if p.phase != nil && len(p.box.Objects) == 1 && p.box.Objects[0] == p.phase {
		p.phase.TapSection(section)
	}
}
