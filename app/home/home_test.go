package home

import (
	"errors"
	"image/color"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/internal/shell"
	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/store"
	"github.com/commandconsole/commandconsole/games"
	"github.com/commandconsole/commandconsole/games/scorepad"
)

func TestHomeListsSystemsAndUnfinishedGame(t *testing.T) {
	st, err := store.Open(t.TempDir() + "/saves.db")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	apptest.NewPad(t, st, "Friday night", nil, "alice", "bob")

	u, w := newTestUI(t, st, apptest.LandscapeSize)
	if _, ok := u.Current().(*Screen); !ok {
		t.Fatalf("first screen is %T, want the home screen", u.Current())
	}
	g := apptest.FindTile(t, w, "Friday night")
	for _, want := range []string{"Score pad", "alice, bob", "last played 2 h ago", "Round 1"} {
		if !strings.Contains(g.Detail, want) {
			t.Errorf("game detail %q lacks %q", g.Detail, want)
		}
	}
	sys := apptest.FindTile(t, w, "Score pad")
	if !strings.Contains(sys.Detail, "board game") {
		t.Errorf("score pad tile detail = %q, want its doc", sys.Detail)
	}
	if got, want := len(u.Current().(*Screen).systems), len(games.Playable()); got != want {
		t.Errorf("%d system tiles, want %d", got, want)
	}
}

func TestNewGameThroughScorePadCreatesGame(t *testing.T) {
	st := console.NewMemStore()
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	u.ApplySettings(kit.Settings{Name: "Alice", Theme: kit.ThemeDark, TextScale: 1, Units: kit.Inches})
	u.Home()

	test.Tap(apptest.FindTile(t, w, "Score pad"))
	ng, ok := u.Current().(*newGameScreen)
	if !ok {
		t.Fatalf("after tapping the score pad the screen is %T", u.Current())
	}
	if got := ng.seats[0].Text; got != "Alice" {
		t.Errorf("first seat = %q, want the name from Settings", got)
	}
	test.Type(ng.title, "Catan")
	test.Type(ng.seats[1], "Bob")
	apptest.TapButton(t, w, "Add player")
	test.Type(ng.seats[2], "Carol")
	ng.options[0].Entry.SetText("10") // target
	apptest.TapButton(t, w, "Start game")

	s := padScreen(t, u)
	metas, _, err := st.List()
	if err != nil || len(metas) != 1 {
		t.Fatalf("store has %d games (%v), want 1", len(metas), err)
	}
	m := metas[0]
	if m.Setup.Title != "Catan" || seatNames(m.Setup.Seats) != "Alice, Bob, Carol" || m.Setup.Options["target"] != "10" {
		t.Errorf("created %+v", m.Setup)
	}
	if got := len(s.View().Players); got != 3 {
		t.Errorf("pad has %d players, want 3", got)
	}
	apptest.WantText(t, w, "Catan")
	if got := u.Game().Env().Seat(); got != "Alice" {
		t.Errorf("acting seat = %q, want Alice (the player's own)", got)
	}
}

func TestNewGameShowsRefusalsInline(t *testing.T) {
	st := console.NewMemStore()
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	ShowNewGame(u, scorepad.New())
	ng := u.Current().(*newGameScreen)

	// No names at all: the engine's refusal is shown, nothing is created.
	for _, e := range ng.seats {
		e.SetText("")
	}
	apptest.TapButton(t, w, "Start game")
	if !ng.problem.Visible() || !strings.Contains(ng.problem.Text, "needs 1 to 8 seats, got 0") {
		t.Errorf("problem = %q (visible %v), want the seat count refusal", ng.problem.Text, ng.problem.Visible())
	}
	// A bad number is caught on the option itself.
	ng.seats[0].SetText("alice")
	ng.options[1].Entry.SetText("lots") // rounds
	apptest.TapButton(t, w, "Start game")
	if !ng.options[1].Err.Visible() || !strings.Contains(ng.options[1].Err.Text, "not a whole number") {
		t.Errorf("rounds error = %q, want it marked on the option", ng.options[1].Err.Text)
	}
	// Twice the same name: refused by the rules.
	ng.options[1].Entry.SetText("")
	ng.seats[1].SetText("alice")
	apptest.TapButton(t, w, "Start game")
	apptest.WantText(t, w, `seat "alice" is given twice`)
	if metas, _, _ := st.List(); len(metas) != 0 {
		t.Errorf("refused setups created %d games", len(metas))
	}
	if _, ok := u.Current().(*newGameScreen); !ok {
		t.Errorf("after a refusal the screen is %T, want the form", u.Current())
	}
}

func TestDeleteAsksFirst(t *testing.T) {
	st := console.NewMemStore()
	apptest.NewPad(t, st, "Old", nil, "alice")
	_, w := newTestUI(t, st, apptest.LandscapeSize)
	apptest.TapButton(t, w, "Delete")
	apptest.TapButton(t, w, "Keep")
	if metas, _, _ := st.List(); len(metas) != 1 {
		t.Fatalf("Keep deleted the game")
	}
	apptest.TapButton(t, w, "Delete")
	apptest.WantText(t, w, "cannot be undone")
	apptest.TapButton(t, w, "Delete") // the dialog's
	if metas, _, _ := st.List(); len(metas) != 0 {
		t.Fatalf("the game was not deleted")
	}
	apptest.WantText(t, w, "No unfinished games")
}

// damagedStore reports one damaged game besides the real ones.
type damagedStore struct{ *console.MemStore }

func (d damagedStore) List() ([]console.GameMeta, []error, error) {
	metas, damaged, err := d.MemStore.List()
	damaged = append(damaged, &store.DamagedError{ID: "g0badc0ffee", Err: errors.New("index record: msgpack: invalid code")})
	return metas, damaged, err
}

func TestDamagedSaveIsListedNotHidden(t *testing.T) {
	st := damagedStore{console.NewMemStore()}
	apptest.NewPad(t, st, "Fine", nil, "alice")
	_, w := newTestUI(t, st, apptest.LandscapeSize)
	apptest.WantText(t, w, `Saved game "g0badc0ffee" is damaged and cannot be opened: index record: msgpack: invalid code`)
	apptest.FindTile(t, w, "Fine")
}

func TestStoreErrorIsShownAndAppStillWorks(t *testing.T) {
	a := test.NewTempApp(t)
	w := a.NewWindow("test")
	w.Resize(apptest.LandscapeSize)
	u := shell.New(a, w, shell.Config{StoreErr: errors.New("save file /x/saves.db is in use by another Command Console (the app or ccctl)"), Clock: apptest.Clock}, New)
	u.Start()
	apptest.WantText(t, w, "Your saved games could not be opened: save file /x/saves.db is in use")
	test.Tap(apptest.FindTile(t, w, "Score pad"))
	u.Current().(*newGameScreen).seats[0].SetText("solo")
	apptest.TapButton(t, w, "Start game")
	padScreen(t, u)
}

func TestSettingsApplyToTheme(t *testing.T) {
	u, w := newTestUI(t, console.NewMemStore(), apptest.LandscapeSize)
	a := u.App()
	th, ok := a.Settings().Theme().(*kit.Theme)
	if !ok || !th.Dark {
		t.Fatalf("theme at start = %T %+v, want the dark Command Console theme", a.Settings().Theme(), th)
	}
	if got := a.Settings().Theme().Size(theme.SizeNameText); got != kit.BaseText {
		t.Errorf("text size = %v, want %v", got, kit.BaseText)
	}
	dark := a.Settings().Theme().Color(theme.ColorNameBackground, theme.VariantDark)

	apptest.TapButton(t, w, "Settings")
	f := u.Current().(*settingsForm)
	f.theme.SetSelected(labelLight)
	light := a.Settings().Theme().Color(theme.ColorNameBackground, theme.VariantDark)
	if sameColor(dark, light) {
		t.Errorf("background %v did not change with the Light theme", light)
	}
	if lum(light) < lum(dark) {
		t.Errorf("light background %v is darker than the dark one %v", light, dark)
	}
	f.text.SetSelected("Large")
	if got, want := a.Settings().Theme().Size(theme.SizeNameText), float32(kit.BaseText*1.2); got != want {
		t.Errorf("text size after Large = %v, want %v", got, want)
	}
	test.Type(f.name, "Zoe")
	f.units.SetSelected(labelCentimetres)
	if !f.hints.Checked {
		t.Errorf("tutorial hints start off, want them on")
	}
	f.hints.SetChecked(false)

	got := kit.LoadSettings(a.Preferences())
	want := kit.Settings{Name: "Zoe", Units: kit.Centimetres, Theme: kit.ThemeLight, TextScale: 1.2, Hints: false}
	if got != want {
		t.Errorf("saved settings = %+v, want %+v", got, want)
	}
	// A new interface on the same preferences starts with them.
	u2 := shell.New(a, w, shell.Config{Store: console.NewMemStore(), Clock: apptest.Clock}, New)
	u2.Start()
	if th := a.Settings().Theme().(*kit.Theme); th.Dark || th.Scale != 1.2 {
		t.Errorf("restarted theme = %+v, want light at 1.2", th)
	}
	// Buttons stay touch-sized at the new text size.
	for _, o := range apptest.Objects(w) {
		if b, ok := o.(*widget.Button); ok && b.MinSize().Height < kit.MinTouchTarget {
			t.Errorf("button %q is %v high", b.Text, b.MinSize().Height)
		}
	}
}

func sameColor(a, b color.Color) bool {
	r1, g1, b1, a1 := a.RGBA()
	r2, g2, b2, a2 := b.RGBA()
	return r1 == r2 && g1 == g2 && b1 == b2 && a1 == a2
}

func lum(c color.Color) uint32 { r, g, b, _ := c.RGBA(); return r + g + b }

func TestLastPlayed(t *testing.T) {
	for _, c := range []struct {
		ago  string
		want string
	}{
		{"10s", "just now"}, {"5m", "5 min ago"}, {"3h", "3 h ago"}, {"13h", "today 07:30"},
		{"24h", "yesterday 20:30"}, {"72h", "Wed 11 Jun 20:30"}, {"4000h", "30 Dec 2024"},
	} {
		d, _ := time.ParseDuration(c.ago)
		if got := lastPlayed(apptest.Now, apptest.Now.Add(-d)); got != c.want {
			t.Errorf("lastPlayed(-%s) = %q, want %q", c.ago, got, c.want)
		}
	}
}

// TestNewGameTakesUnitsFromSettings: a system with a units option (Lands of
// Ruin) starts in the unit chosen in Settings.
func TestNewGameTakesUnitsFromSettings(t *testing.T) {
	u, _ := newTestUI(t, console.NewMemStore(), apptest.LandscapeSize)
	rules, err := games.Lookup("landsofruin")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []kit.Units{kit.Centimetres, kit.Inches} {
		st := u.Settings()
		st.Units = want
		u.ApplySettings(st)
		s := newNewGameScreen(u, rules)
		found := false
		for _, o := range s.options {
			if o.Spec.Name == "units" {
				found = true
				if got, _ := o.Value(); got != string(want) {
					t.Errorf("settings %s: the units option starts at %q", want, got)
				}
			}
		}
		if !found {
			t.Fatal("Lands of Ruin has no units option in the form")
		}
	}
}
