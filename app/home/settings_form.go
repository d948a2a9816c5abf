package home

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/internal/shell"
	"github.com/commandconsole/commandconsole/app/kit"
)

// Labels of the settings choices, in the words kit.UnitChoices and
// kit.ThemeChoices give them.
var (
	labelInches      = kit.UnitsLabel(kit.Inches)
	labelCentimetres = kit.UnitsLabel(kit.Centimetres)
	labelDark        = kit.ThemeLabel(kit.ThemeDark)
	labelLight       = kit.ThemeLabel(kit.ThemeLight)
)

// settingsForm is the Settings screen: every change is saved in the app's
// preferences and applied at once.
type settingsForm struct {
	ui   *shell.UI
	root fyne.CanvasObject

	name  *widget.Entry
	units *widget.RadioGroup
	theme *widget.RadioGroup
	text  *widget.RadioGroup
	hints *widget.Check
}

func newSettingsForm(u *shell.UI) *settingsForm {
	f := &settingsForm{ui: u}
	s := u.Settings()

	f.name = widget.NewEntry()
	f.name.SetPlaceHolder("Your name, for the first seat of new games")
	f.name.SetText(s.Name)
	f.name.OnChanged = func(v string) {
		st := f.ui.Settings()
		st.Name = strings.TrimSpace(v)
		f.ui.ApplySettings(st)
	}

	// the choices' labels are words (kit.UnitChoices, kit.ThemeChoices),
	// never the constants' names
	var unitLabels, themeLabels []string
	for _, c := range kit.UnitChoices {
		unitLabels = append(unitLabels, c.Label)
	}
	for _, c := range kit.ThemeChoices {
		themeLabels = append(themeLabels, c.Label)
	}
	f.units = widget.NewRadioGroup(unitLabels, func(v string) {
		st := f.ui.Settings()
		for _, c := range kit.UnitChoices {
			if c.Label == v {
				st.Units = c.Units
			}
		}
		f.ui.ApplySettings(st)
	})
	f.units.Horizontal = true
	f.units.Required = true
	f.units.Selected = kit.UnitsLabel(s.Units)

	f.theme = widget.NewRadioGroup(themeLabels, func(v string) {
		st := f.ui.Settings()
		for _, c := range kit.ThemeChoices {
			if c.Label == v {
				st.Theme = c.Theme
			}
		}
		f.ui.ApplySettings(st)
	})
	f.theme.Horizontal = true
	f.theme.Required = true
	f.theme.Selected = kit.ThemeLabel(s.Theme)

	labels := make([]string, len(kit.TextScales))
	for i, ts := range kit.TextScales {
		labels[i] = ts.Label
	}
	f.text = widget.NewRadioGroup(labels, func(v string) {
		st := f.ui.Settings()
		for _, ts := range kit.TextScales {
			if ts.Label == v {
				st.TextScale = ts.Scale
			}
		}
		f.ui.ApplySettings(st)
	})
	f.text.Required = true
	f.text.Selected = kit.TextScaleLabel(s.TextScale)

	f.hints = widget.NewCheck("Show tutorial hints", func(on bool) {
		st := f.ui.Settings()
		st.Hints = on
		f.ui.ApplySettings(st)
	})
	f.hints.Checked = s.Hints

	form := container.NewVBox(
		kit.Field("Your name", f.name, "New games start with you in the first seat.", nil),
		kit.Field("Distances", f.units, "How measurements on the table are shown in miniature games.", nil),
		kit.Field("Theme", f.theme, "Dark is easier on the eyes in a dim game room.", nil),
		kit.Field("Text size", f.text, "", nil),
		kit.Field("Tutorial", f.hints, "Hints on what to do at the table and in the app, in the games that have them.", nil),
	)
	where := "Games are kept in memory only and are lost when the app closes."
	if u.Persisted() && u.StorePath() != "" {
		where = "Games are saved in " + u.StorePath()
	} else if u.Persisted() {
		where = "Games are saved on this device."
	}
	back := widget.NewButtonWithIcon("Home", theme.NavigateBackIcon(), u.Home)
	body := container.NewVBox(form, widget.NewSeparator(), kit.Wrapped(where))
	f.root = container.NewBorder(kit.TopBar(back, kit.Heading("Settings"), nil), nil, nil, nil,
		container.NewVScroll(container.NewPadded(body)))
	return f
}

// Content is the screen's widget tree.
func (f *settingsForm) Content() fyne.CanvasObject { return f.root }

// Leave does nothing: the screen keeps no resources.
func (f *settingsForm) Leave() {}

// ShowSettings shows the Settings screen.
func ShowSettings(u *shell.UI) {
	u.Show(newSettingsForm(u))
}
