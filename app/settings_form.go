package app

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Labels of the settings choices.
const (
	labelInches      = "Inches"
	labelCentimetres = "Centimetres"
	labelDark        = "Dark"
	labelLight       = "Light"
)

// settingsForm is the Settings screen: every change is saved in the app's
// preferences and applied at once.
type settingsForm struct {
	ui   *UI
	root fyne.CanvasObject

	name  *widget.Entry
	units *widget.RadioGroup
	theme *widget.RadioGroup
	text  *widget.RadioGroup
}

func newSettingsForm(u *UI) *settingsForm {
	f := &settingsForm{ui: u}
	s := u.settings

	f.name = widget.NewEntry()
	f.name.SetPlaceHolder("Your name, for the first seat of new games")
	f.name.SetText(s.Name)
	f.name.OnChanged = func(v string) {
		st := f.ui.settings
		st.Name = strings.TrimSpace(v)
		f.ui.applySettings(st)
	}

	f.units = widget.NewRadioGroup([]string{labelInches, labelCentimetres}, func(v string) {
		st := f.ui.settings
		st.Units = Inches
		if v == labelCentimetres {
			st.Units = Centimetres
		}
		f.ui.applySettings(st)
	})
	f.units.Horizontal = true
	f.units.Required = true
	if s.Units == Centimetres {
		f.units.Selected = labelCentimetres
	} else {
		f.units.Selected = labelInches
	}

	f.theme = widget.NewRadioGroup([]string{labelDark, labelLight}, func(v string) {
		st := f.ui.settings
		st.Theme = ThemeDark
		if v == labelLight {
			st.Theme = ThemeLight
		}
		f.ui.applySettings(st)
	})
	f.theme.Horizontal = true
	f.theme.Required = true
	if s.Theme == ThemeLight {
		f.theme.Selected = labelLight
	} else {
		f.theme.Selected = labelDark
	}

	labels := make([]string, len(TextScales))
	for i, ts := range TextScales {
		labels[i] = ts.Label
	}
	f.text = widget.NewRadioGroup(labels, func(v string) {
		st := f.ui.settings
		for _, ts := range TextScales {
			if ts.Label == v {
				st.TextScale = ts.Scale
			}
		}
		f.ui.applySettings(st)
	})
	f.text.Required = true
	f.text.Selected = textScaleLabel(s.TextScale)

	form := container.NewVBox(
		field("Your name", f.name, "New games start with you in the first seat.", nil),
		field("Distances", f.units, "How measurements on the table are shown in miniature games.", nil),
		field("Theme", f.theme, "Dark is easier on the eyes in a dim game room.", nil),
		field("Text size", f.text, "", nil),
	)
	where := "Games are kept in memory only and are lost when the app closes."
	if u.persisted && u.storePath != "" {
		where = "Games are saved in " + u.storePath
	} else if u.persisted {
		where = "Games are saved on this device."
	}
	back := widget.NewButtonWithIcon("Home", theme.NavigateBackIcon(), u.showHome)
	body := container.NewVBox(form, widget.NewSeparator(), wrapped(where))
	f.root = container.NewBorder(topBar(back, heading("Settings"), nil), nil, nil, nil,
		container.NewVScroll(container.NewPadded(body)))
	return f
}

func (f *settingsForm) content() fyne.CanvasObject { return f.root }
func (f *settingsForm) leave()                     {}

// showSettings shows the Settings screen.
func (u *UI) showSettings() {
	u.settingsScreen = newSettingsForm(u)
	u.show(u.settingsScreen)
}
