package lorwidget

import (
	"fmt"
	"image/color"
	"reflect"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/games/landsofruin"
)

// CharacterCard is a character's card (rulebook "Character cards"). Its
// front shows the name, tribe, primary and secondary weapon class, the
// leader star (own team only), the offensive and defensive modifiers, the
// wounds, unresolved hits, suppression as a bar that grows, active
// effects, assigned actions and movement, and the role; its back, after a
// tap on the flip button, the gear, ammunition per weapon, each effect
// with its explanation, skills and the exact suppression. An enemy's card
// (a CharView without Own) shows only what that CharView holds.
//
// Tapping the card (outside the flip button) calls OnTapped with the
// character's id.
type CharacterCard struct {
	widget.BaseWidget

	// OnTapped is called with the character's id when the card is tapped.
	OnTapped func(id string)

	id       string
	char     landsofruin.CharView
	found    bool
	star     Leadership
	team     color.Color
	selected bool
	back     bool
	// envHits are the Environment attacks entered on it this phase.
	envHits int
	// drawn: the rows show the data above (Update skips an unchanged
	// card).
	drawn bool
	// drawnText is the theme's text size the rows were drawn at.
	drawnText float32

	bg    *canvas.Rectangle
	body  *fyne.Container
	flip  *widget.Button
	outer *fyne.Container
}

// NewCharacterCard returns the card of character id as v shows it; tapped
// (may be nil) is called with the id when the card is tapped.
func NewCharacterCard(id string, v landsofruin.View, tapped func(id string)) *CharacterCard {
	c := &CharacterCard{id: id, OnTapped: tapped}
	c.bg = canvas.NewRectangle(theme.Color(theme.ColorNameInputBackground))
	c.bg.CornerRadius = 10
	c.bg.StrokeWidth = 1
	c.body = kit.NewWrapVBox()
	c.flip = widget.NewButtonWithIcon("Flip", theme.ViewRefreshIcon(), func() { c.SetFlipped(!c.back) })
	c.outer = container.NewStack(c.bg, container.NewPadded(container.NewBorder(nil, container.NewHBox(layout.NewSpacer(), tall(c.flip)), nil, nil, c.body)))
	c.ExtendBaseWidget(c)
	c.Update(v)
	return c
}

// ID is the character's id.
func (c *CharacterCard) ID() string { return c.id }

// Update redraws the card from v, in place. A character v does not hold
// (hidden from the seat, or gone) shows as "not in view".
func (c *CharacterCard) Update(v landsofruin.View) {
	before := c.shown()
	c.char, c.found = landsofruin.CharView{}, false
	for _, ch := range v.Characters {
		if ch.ID == c.id {
			c.char, c.found = ch, true
			break
		}
	}
	c.star = leadershipOf(v, c.char)
	c.team = TeamColour(v, c.char.Seat)
	c.envHits = 0
	for _, e := range v.Environment {
		if e.Character == c.id {
			c.envHits += max(e.Count, 1)
		}
	}
	if c.drawn && reflect.DeepEqual(before, c.shown()) && c.drawnText == theme.Size(theme.SizeNameText) {
		return // nothing it shows changed: no new rows to measure
	}
	c.redraw()
}

// cardShown is everything a card draws from its view.
type cardShown struct {
	char    landsofruin.CharView
	found   bool
	star    Leadership
	team    color.Color
	envHits int
}

// shown is what the card draws now.
func (c *CharacterCard) shown() cardShown {
	return cardShown{c.char, c.found, c.star, c.team, c.envHits}
}

// SetSelected marks the card selected (a ring in the primary colour).
func (c *CharacterCard) SetSelected(on bool) {
	if c.selected == on {
		return
	}
	c.selected = on
	c.frame()
}

// frame draws the card's background and border (selected or not).
func (c *CharacterCard) frame() {
	c.bg.FillColor = theme.Color(theme.ColorNameInputBackground)
	c.bg.StrokeColor, c.bg.StrokeWidth = theme.Color(theme.ColorNameInputBorder), 1
	if c.selected {
		c.bg.StrokeColor, c.bg.StrokeWidth = theme.Color(theme.ColorNamePrimary), 4
	}
	c.bg.Refresh()
}

// Selected reports whether the card is selected.
func (c *CharacterCard) Selected() bool { return c.selected }

// SetFlipped shows the back (true) or the front.
func (c *CharacterCard) SetFlipped(back bool) {
	c.back = back
	c.redraw()
}

// Flipped reports whether the back is shown.
func (c *CharacterCard) Flipped() bool { return c.back }

// Tapped calls OnTapped with the character's id.
func (c *CharacterCard) Tapped(*fyne.PointEvent) {
	if c.OnTapped != nil && c.found {
		c.OnTapped(c.id)
	}
}

// CreateRenderer is Fyne's; the card's objects live in the widget.
func (c *CharacterCard) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(c.outer)
}

// redraw rebuilds the card's rows from its data.
func (c *CharacterCard) redraw() {
	c.drawn = true
	c.drawnText = theme.Size(theme.SizeNameText)
	if c.back {
		c.flip.SetText("Front")
	} else {
		c.flip.SetText("Flip")
	}
	switch {
	case !c.found:
		c.body.Objects = []fyne.CanvasObject{text("Not in view", theme.SizeNameSubHeadingText, true)}
		c.flip.Hide()
	case c.back:
		c.flip.Show()
		c.body.Objects = c.backRows()
	default:
		c.flip.Show()
		c.body.Objects = c.frontRows()
	}
	c.body.Refresh()
	c.frame()
}

// largeText is the text size (dp) above which a card's name is drawn at
// the text's size rather than the subheading's: the app's Larger and Huge.
const largeText = 24

// header is the team's dot, the name (it wraps at word ends: the tribe
// badge heads the badges' row, so a long name has the card's width) and
// the star.
func (c *CharacterCard) header() fyne.CanvasObject {
	ch := c.char
	dot := canvas.NewCircle(c.team)
	lead := container.NewCenter(container.NewGridWrap(fyne.NewSquareSize(20), dot))
	var trail fyne.CanvasObject
	switch c.star {
	case GoldStar:
		trail = container.NewCenter(star(gold, 28))
	case SilverStar:
		trail = container.NewCenter(star(silver, 28))
	}
	// At a large text size the name is at the text's size, so a long
	// word of it still fits a card column.
	size := theme.SizeNameSubHeadingText
	if theme.Size(theme.SizeNameText) > largeText {
		size = theme.SizeNameText
	}
	return container.NewBorder(nil, nil, lead, trail, text(ch.Name, size, true))
}

// weapons are the primary and secondary weapon-class badges and the role.
func (c *CharacterCard) weapons() fyne.CanvasObject {
	row := wrapRow()
	if n := c.char.TribeName; n != "" {
		row.Add(colourBadge(strings.ToUpper(firstN(n, 3)), c.team, theme.Color(theme.ColorNameForegroundOnPrimary)))
	}
	if o := c.char.Own; o != nil && o.Role != "" {
		defer row.Add(badge(RoleGlyph(o.Role)+" "+o.RoleName, theme.ColorNameSuccess, theme.ColorNameForegroundOnSuccess))
	}
	for i, w := range c.char.WeaponClasses {
		n := "1st " + WeaponClassName(w)
		if i == 1 {
			n = "2nd " + WeaponClassName(w)
		}
		row.Add(badge(n, theme.ColorNameButton, theme.ColorNameForeground))
	}
	return row
}

// modifiers sums the owner's active wound and shock modifiers.
func modifiers(o *landsofruin.OwnView) (atk, def int) {
	for _, m := range o.Modifiers {
		atk += m.Attack
		def += m.Defence
	}
	return atk, def
}

// frontRows are the rows of the front.
func (c *CharacterCard) frontRows() []fyne.CanvasObject {
	ch := c.char
	rows := []fyne.CanvasObject{c.header()}
	if len(ch.WeaponClasses) > 0 || (ch.Own != nil && ch.Own.Role != "") || ch.TribeName != "" {
		rows = append(rows, c.weapons())
	}
	if ch.Down {
		rows = append(rows, container.NewHBox(badge("DOWN", theme.ColorNameError, theme.ColorNameForegroundOnError)))
	}
	if o := ch.Own; o != nil {
		atk, def := modifiers(o)
		rows = append(rows, text(fmt.Sprintf("Attack %+d · Defence %+d", atk, def), theme.SizeNameSubHeadingText, false))
	}
	if w := woundText(ch); w != "" {
		rows = append(rows, text(w, theme.SizeNameText, false))
	}
	if ch.UnresolvedHits > 0 {
		rows = append(rows, text(fmt.Sprintf("Unresolved hits: %d", ch.UnresolvedHits), theme.SizeNameSubHeadingText, true))
	}
	if c.envHits > 0 {
		rows = append(rows, text(fmt.Sprintf("Environment hits: %d", c.envHits), theme.SizeNameSubHeadingText, true))
	}
	if ch.Suppression > 0 {
		rows = append(rows, suppressionBar(ch.Suppression))
	}
	if effs := cardEffects(ch); len(effs) > 0 {
		row := wrapRow()
		for _, e := range effs {
			row.Add(badge(EffectGlyph(e), theme.ColorNameWarning, theme.ColorNameForegroundOnWarning))
		}
		rows = append(rows, row)
	}
	if o := ch.Own; o != nil {
		rows = append(rows, text(fmt.Sprintf("Move %s   AP %d of %d", o.MoveText, o.Remaining, o.Available), theme.SizeNameSubHeadingText, false))
	}
	if as := cardAssigned(ch); len(as) > 0 {
		rows = append(rows, assignedRow(as))
	}
	return rows
}

// backRows are the rows of the back.
func (c *CharacterCard) backRows() []fyne.CanvasObject {
	ch := c.char
	rows := []fyne.CanvasObject{text(ch.Name, theme.SizeNameSubHeadingText, true)}
	line := func(s string) {
		l := text(s, theme.SizeNameText, false)
		l.Truncation = fyne.TextTruncateOff
		l.Wrapping = fyne.TextWrapWord
		rows = append(rows, l)
	}
	head := func(s string) { rows = append(rows, text(s, theme.SizeNameText, true)) }
	line(fmt.Sprintf("Suppression: %d", ch.Suppression))
	if ch.UnresolvedHits > 0 {
		line(fmt.Sprintf("Unresolved hits: %d", ch.UnresolvedHits))
	}
	o := ch.Own
	if o == nil {
		if ch.TribeName != "" {
			line("Tribe: " + ch.TribeName)
		}
		if len(ch.WeaponClasses) > 0 {
			var ws []string
			for _, w := range ch.WeaponClasses {
				ws = append(ws, WeaponClassName(w))
			}
			line("Weapons: " + strings.Join(ws, ", "))
		}
		if ch.LastResult != "" {
			line("Last result: " + ch.LastResult)
		}
	} else {
		line(fmt.Sprintf("Action points: %d of %d (base %d)", o.Remaining, o.Available, o.BaseAP))
		line(fmt.Sprintf("Defence %d · Camouflage %d · Detection %d · Leadership %d", o.Defence, o.Camouflage, o.Detection, o.Leadership))
		if len(o.Ammo) > 0 {
			head("Ammunition")
			for _, a := range o.Ammo {
				line(fmt.Sprintf("%s: %d rounds", landsofruin.ItemName(a.Weapon), a.Rounds))
			}
		}
		if len(o.Gear) > 0 {
			var gs []string
			for _, g := range o.Gear {
				if g.Count > 1 {
					gs = append(gs, fmt.Sprintf("%s ×%d", g.Name, g.Count))
				} else {
					gs = append(gs, g.Name)
				}
			}
			head("Gear")
			line(strings.Join(gs, ", "))
		}
		if len(o.Hits) > 0 {
			head("Hits to resolve")
			for _, h := range o.Hits {
				line(fmt.Sprintf("%s, power %+d", h.Kind, h.Power))
			}
		}
	}
	if effs := cardEffects(ch); len(effs) > 0 {
		head("Effects")
		for _, e := range effs {
			desc := EffectName(e)
			if info, ok := landsofruin.EffectInfoOf(e); ok && info.Description != "" {
				desc += ": " + info.Description
			}
			l := text(desc, theme.SizeNameText, false)
			l.Truncation = fyne.TextTruncateOff
			l.Wrapping = fyne.TextWrapWord
			rows = append(rows, container.NewBorder(nil, nil, container.NewCenter(badge(EffectGlyph(e), theme.ColorNameWarning, theme.ColorNameForegroundOnWarning)), nil, l))
		}
	}
	if o != nil && len(o.Skills) > 0 {
		var ss []string
		for _, s := range o.Skills {
			if s.Count > 1 {
				ss = append(ss, fmt.Sprintf("%s ×%d", s.Name, s.Count))
			} else {
				ss = append(ss, s.Name)
			}
		}
		head("Skills")
		line(strings.Join(ss, ", "))
	}
	return rows
}

// woundText is the wound indicator: where the character was hit, as the
// seat knows it.
func woundText(ch landsofruin.CharView) string {
	if o := ch.Own; o != nil && len(o.Results) > 0 {
		r := o.Results[len(o.Results)-1]
		if d := strings.ToLower(r.Detail); strings.HasPrefix(d, strings.ToLower(r.Result)) {
			// The detail names the result itself ("Dead: head
			// trauma"): it alone, not "Dead (Dead: …)".
			return "Last hit: " + r.Detail
		}
		if r.Detail != "" {
			return "Last hit: " + r.Result + " (" + r.Detail + ")"
		}
		return "Last hit: " + r.Result
	}
	switch {
	case ch.LastResult != "":
		return "Last hit: " + ch.LastResult
	case ch.Wounded:
		return "Wounded"
	}
	return ""
}

// cardEffects are the effects the seat knows: all of them for the owner,
// the public ones for others.
func cardEffects(ch landsofruin.CharView) []string {
	if ch.Own != nil {
		return ch.Own.Effects
	}
	return ch.Effects
}

// cardAssigned are the assigned actions the seat sees.
func cardAssigned(ch landsofruin.CharView) []landsofruin.AssignView {
	if ch.Own != nil {
		return ch.Own.Assigned
	}
	return ch.Assigned
}

// assignedRow shows assigned actions; performed ones are marked done.
func assignedRow(as []landsofruin.AssignView) fyne.CanvasObject {
	row := container.NewVBox()
	for _, a := range as {
		s := fmt.Sprintf("▶ %s (%d AP)", a.Name, a.AP)
		if a.Performed {
			s = fmt.Sprintf("✔ %s (%d AP), done", a.Name, a.AP)
		}
		l := text(s, theme.SizeNameText, true)
		if !a.Performed {
			l.Importance = widget.HighImportance
		}
		row.Add(l)
	}
	return row
}

// suppressionMax is the suppression drawn as a full bar.
const suppressionMax = 100

// suppressionBar is a bar whose length grows with suppression.
func suppressionBar(s int) fyne.CanvasObject {
	frac := float32(min(max(s, 0), suppressionMax)) / suppressionMax
	const full = 120
	bar := canvas.NewRectangle(theme.Color(theme.ColorNameWarning))
	bar.CornerRadius = 4
	bar.SetMinSize(fyne.NewSize(max(full*frac, 8), 14))
	l := text("Suppressed", theme.SizeNameText, false)
	l.Wrapping = fyne.TextWrapOff // one short word, beside its bar
	return container.NewHBox(l, container.NewCenter(bar))
}

// Refresh redraws the card's frame in the theme's colours (after a theme
// change) and then the card.
func (c *CharacterCard) Refresh() {
	if c.drawn && c.drawnText != theme.Size(theme.SizeNameText) {
		// The player changed the text size: the rows' sizes with it.
		c.redraw()
	}
	c.frame()
	c.BaseWidget.Refresh()
}
