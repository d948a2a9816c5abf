package lorwidget

import (
	"image"
	"image/color"
	"math"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/games/landsofruin"
)

// This file holds the small drawing helpers the widgets share: team
// colours, badges (effect, role and weapon-class "icons"), stars and text.

// minTouch is the smallest touch target, in dp.
const minTouch = 44

// teamColours are the seats' team colours in the order of View.Players;
// the only hard-coded colours of the package.
var teamColours = []color.NRGBA{
	{R: 0x1e, G: 0x6f, B: 0xd9, A: 0xff}, // blue
	{R: 0xd0, G: 0x3a, B: 0x2f, A: 0xff}, // red
	{R: 0x2e, G: 0x9e, B: 0x4f, A: 0xff}, // green
	{R: 0x8e, G: 0x4b, B: 0xc8, A: 0xff}, // purple
	{R: 0xe0, G: 0x8a, B: 0x1a, A: 0xff}, // orange
	{R: 0x1a, G: 0xa5, B: 0xa8, A: 0xff}, // teal
	{R: 0xb5, G: 0x4a, B: 0x8a, A: 0xff}, // magenta
	{R: 0x7a, G: 0x6a, B: 0x3a, A: 0xff}, // olive
}

// Star colours: gold for the leader, silver for the second in command.
var (
	gold   = color.NRGBA{R: 0xf2, G: 0xb8, B: 0x1c, A: 0xff}
	silver = color.NRGBA{R: 0xb8, G: 0xc0, B: 0xc8, A: 0xff}
)

// TeamColour is the colour of seat's team in v: by the seat's place in
// v.Players, so every screen of a game agrees.
func TeamColour(v landsofruin.View, seat string) color.Color {
	for i, p := range v.Players {
		if p.Seat == seat {
			return teamColours[i%len(teamColours)]
		}
	}
	return theme.Color(theme.ColorNameDisabled)
}

// Leadership is the star a character wears: none, gold or silver.
type Leadership int

// The stars.
const (
	NoStar Leadership = iota
	GoldStar
	SilverStar
)

// leadershipOf is c's star as v tells it: the leader and second are told
// to their own player only (PlayerView.Leader, Second).
func leadershipOf(v landsofruin.View, c landsofruin.CharView) Leadership {
	for _, p := range v.Players {
		if p.Seat != c.Seat {
			continue
		}
		switch c.ID {
		case "":
		case p.Leader:
			return GoldStar
		case p.Second:
			return SilverStar
		}
	}
	return NoStar
}

// effectGlyphs are the short badges that stand for effects.
var effectGlyphs = map[string]string{
	"take-cover": "COV", "pinned": "PIN", "bleeding": "BLD", "unconscious": "UNC", "dead": "DEAD",
	"weapon-deployed": "DEP", "carrying-objective": "OBJ", "on-fire": "FIRE", "hidden": "HID",
	"fleeing": "FLEE", "frenzy": "FRZ", "berserker-charge": "BSK", "surprised": "SUR",
}

// EffectGlyph is the badge text of an effect.
func EffectGlyph(id string) string {
	if g, ok := effectGlyphs[id]; ok {
		return g
	}
	return strings.ToUpper(firstN(id, 3))
}

// EffectName is an effect's name for people.
func EffectName(id string) string {
	if e, ok := landsofruin.EffectInfoOf(id); ok {
		return e.Name
	}
	return strings.ReplaceAll(id, "-", " ")
}

// roleGlyphs are the role badges, the same on cards and on the map.
var roleGlyphs = map[string]string{
	landsofruin.RoleMedic: "+", landsofruin.RoleSpotter: "A", landsofruin.RoleDemolitions: "D",
	landsofruin.RoleSniper: "S", landsofruin.RoleHeavy: "H", landsofruin.RoleInfiltrator: "I",
	landsofruin.RoleSlaver: "L", landsofruin.RoleBerserker: "B",
}

// RoleGlyph is the role's one-character icon ("" for none).
func RoleGlyph(role string) string { return roleGlyphs[role] }

// weaponClassNames are short names of the weapon classes.
var weaponClassNames = map[string]string{
	"pistol": "Pistol", "smg": "SMG", "rifle": "Rifle", "lmg": "LMG", "shotgun": "Shotgun",
	"sniper-rifle": "Sniper", "flame": "Flamer", "rocket-launcher": "Rocket", "hitech": "Hi-tech",
	"blunt": "Blunt", "edged": "Blade", "minion": "Minion", "artillery": "Artillery", "grenade": "Grenade",
}

// WeaponClassName is the short name of a weapon class.
func WeaponClassName(class string) string {
	if n, ok := weaponClassNames[class]; ok {
		return n
	}
	return strings.ReplaceAll(class, "-", " ")
}

func firstN(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}

// text is a label at a theme text size.
func text(s string, size fyne.ThemeSizeName, bold bool) *widget.Label {
	l := widget.NewLabel(s)
	l.SizeName = size
	l.TextStyle.Bold = bold
	// A card is as wide as its column: a long line wraps rather than
	// widening it (or being cut), and the column scrolls.
	l.Wrapping = fyne.TextWrapWord
	return l
}

// wrapRow lays badges out in rows that wrap at the card's width.
func wrapRow(objs ...fyne.CanvasObject) *fyne.Container {
	return container.New(layout.NewRowWrapLayout(), objs...)
}

// badge is a small coloured box with bold text: an effect, role or
// weapon-class "icon", in theme colours fill and fg.
func badge(s string, fill, fg fyne.ThemeColorName) fyne.CanvasObject {
	return colourBadge(s, theme.Color(fill), theme.Color(fg))
}

// colourBadge is a badge in the given colours (a team's).
func colourBadge(s string, fill, fg color.Color) fyne.CanvasObject {
	bg := canvas.NewRectangle(fill)
	bg.CornerRadius = 6
	t := canvas.NewText(s, fg)
	t.TextStyle.Bold = true
	t.TextSize = theme.Size(theme.SizeNameSubHeadingText)
	return container.NewStack(bg, container.New(layout.NewCustomPaddedLayout(2, 2, 6, 6), t))
}

// star returns a star image in col, size dp square.
func star(col color.Color, size float32) *canvas.Image {
	img := canvas.NewImageFromImage(starImage(col, 64))
	img.FillMode = canvas.ImageFillContain
	img.SetMinSize(fyne.NewSquareSize(size))
	return img
}

// starImage draws a five-pointed star of side px.
func starImage(col color.Color, px int) image.Image {
	img := image.NewNRGBA(image.Rect(0, 0, px, px))
	c := float64(px) / 2
	var pts [10][2]float64
	for i := range pts {
		r := c * 0.95
		if i%2 == 1 {
			r = c * 0.4
		}
		a := -math.Pi/2 + float64(i)*math.Pi/5
		pts[i] = [2]float64{c + r*math.Cos(a), c + r*math.Sin(a)}
	}
	for y := 0; y < px; y++ {
		for x := 0; x < px; x++ {
			if inPoly(pts[:], float64(x)+0.5, float64(y)+0.5) {
				img.Set(x, y, col)
			}
		}
	}
	return img
}

// inPoly is the even-odd point-in-polygon test.
func inPoly(pts [][2]float64, x, y float64) bool {
	in := false
	for i, j := 0, len(pts)-1; i < len(pts); j, i = i, i+1 {
		a, b := pts[i], pts[j]
		if (a[1] > y) != (b[1] > y) && x < (b[0]-a[0])*(y-a[1])/(b[1]-a[1])+a[0] {
			in = !in
		}
	}
	return in
}

// withAlpha returns c with alpha a (0–255).
func withAlpha(c color.Color, a uint8) color.Color {
	r, g, b, _ := c.RGBA()
	return color.NRGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8), A: a}
}

// tallLayout gives its objects at least minTouch of height, so a button
// is a touch target at least 44 dp high.
type tallLayout struct{}

func (tallLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Resize(size)
		o.Move(fyne.NewPos(0, 0))
	}
}

func (tallLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	s := fyne.NewSize(0, minTouch)
	for _, o := range objs {
		s = s.Max(o.MinSize())
	}
	return s
}

// tall wraps o so it is at least minTouch high.
func tall(o fyne.CanvasObject) *fyne.Container { return container.New(tallLayout{}, o) }
