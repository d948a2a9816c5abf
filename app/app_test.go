package app

import (
	"errors"
	"fmt"
	"image/color"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

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
	newPad(t, st, "Friday night", nil, "alice", "bob")

	u, w := newTestUI(t, st, landscapeSize)
	if _, ok := u.current.(*homeScreen); !ok {
		t.Fatalf("first screen is %T, want the home screen", u.current)
	}
	g := findTile(t, w, "Friday night")
	for _, want := range []string{"Score pad", "alice, bob", "last played 2 h ago", "Round 1"} {
		if !strings.Contains(g.Detail, want) {
			t.Errorf("game detail %q lacks %q", g.Detail, want)
		}
	}
	sys := findTile(t, w, "Score pad")
	if !strings.Contains(sys.Detail, "board game") {
		t.Errorf("score pad tile detail = %q, want its doc", sys.Detail)
	}
	if got, want := len(u.home.systems), len(games.Playable()); got != want {
		t.Errorf("%d system tiles, want %d", got, want)
	}
}

func TestNewGameThroughScorePadCreatesGame(t *testing.T) {
	st := console.NewMemStore()
	u, w := newTestUI(t, st, landscapeSize)
	u.applySettings(Settings{Name: "Alice", Theme: ThemeDark, TextScale: 1, Units: Inches})
	u.showHome()

	test.Tap(findTile(t, w, "Score pad"))
	ng, ok := u.current.(*newGameScreen)
	if !ok {
		t.Fatalf("after tapping the score pad the screen is %T", u.current)
	}
	if got := ng.seats[0].Text; got != "Alice" {
		t.Errorf("first seat = %q, want the name from Settings", got)
	}
	test.Type(ng.title, "Catan")
	test.Type(ng.seats[1], "Bob")
	tapButton(t, w, "Add player")
	test.Type(ng.seats[2], "Carol")
	ng.options[0].entry.SetText("10") // target
	tapButton(t, w, "Start game")

	s := padScreen(t, u)
	metas, _, err := st.List()
	if err != nil || len(metas) != 1 {
		t.Fatalf("store has %d games (%v), want 1", len(metas), err)
	}
	m := metas[0]
	if m.Setup.Title != "Catan" || seatNames(m.Setup.Seats) != "Alice, Bob, Carol" || m.Setup.Options["target"] != "10" {
		t.Errorf("created %+v", m.Setup)
	}
	if got := len(s.view.Players); got != 3 {
		t.Errorf("pad has %d players, want 3", got)
	}
	wantText(t, w, "Catan")
	if got := u.game.env.seat; got != "Alice" {
		t.Errorf("acting seat = %q, want Alice (the player's own)", got)
	}
}

func TestNewGameShowsRefusalsInline(t *testing.T) {
	st := console.NewMemStore()
	u, w := newTestUI(t, st, landscapeSize)
	u.showNewGame(scorepad.New())
	ng := u.current.(*newGameScreen)

	// No names at all: the engine's refusal is shown, nothing is created.
	for _, e := range ng.seats {
		e.SetText("")
	}
	tapButton(t, w, "Start game")
	if !ng.problem.Visible() || !strings.Contains(ng.problem.Text, "needs 1 to 8 seats, got 0") {
		t.Errorf("problem = %q (visible %v), want the seat count refusal", ng.problem.Text, ng.problem.Visible())
	}
	// A bad number is caught on the option itself.
	ng.seats[0].SetText("alice")
	ng.options[1].entry.SetText("lots") // rounds
	tapButton(t, w, "Start game")
	if !ng.options[1].err.Visible() || !strings.Contains(ng.options[1].err.Text, "not a whole number") {
		t.Errorf("rounds error = %q, want it marked on the option", ng.options[1].err.Text)
	}
	// Twice the same name: refused by the rules.
	ng.options[1].entry.SetText("")
	ng.seats[1].SetText("alice")
	tapButton(t, w, "Start game")
	wantText(t, w, `seat "alice" is given twice`)
	if metas, _, _ := st.List(); len(metas) != 0 {
		t.Errorf("refused setups created %d games", len(metas))
	}
	if _, ok := u.current.(*newGameScreen); !ok {
		t.Errorf("after a refusal the screen is %T, want the form", u.current)
	}
}

func TestScorePadAddNextRoundAndUndo(t *testing.T) {
	st := console.NewMemStore()
	sess := newPad(t, st, "Evening", nil, "alice", "bob")
	u, w := newTestUI(t, st, landscapeSize)
	u.showGame(console.NewLocal(sess))
	s := padScreen(t, u)

	test.Tap(header(s, 1)) // bob
	if !header(s, 1).Selected || !cell(t, s, 1, 1).Selected {
		t.Fatalf("tapping bob did not select his current cell:\n%s", gridText(s))
	}
	tapButton(t, w, "+5")
	if got := cell(t, s, 1, 1).Text; got != "5" {
		t.Errorf("bob round 1 = %q after +5, want 5\n%s", got, gridText(s))
	}
	if got := total(s, 1).Text; got != "5" {
		t.Errorf("bob total = %q, want 5", got)
	}
	if !total(s, 1).Leader || total(s, 0).Leader {
		t.Errorf("leader marks: alice %v bob %v, want bob alone", total(s, 0).Leader, total(s, 1).Leader)
	}
	if !strings.Contains(header(s, 1).Text, "\u2605") {
		t.Errorf("bob's header %q is not marked as leader", header(s, 1).Text)
	}

	tapButton(t, w, "Next round")
	if s.view.Round != 2 || s.view.RoundCount != 2 {
		t.Fatalf("after Next round the pad is at round %d of %d rows, want 2", s.view.Round, s.view.RoundCount)
	}
	if !cell(t, s, 1, 2).Current || cell(t, s, 1, 1).Current {
		t.Errorf("current-round highlight is not on round 2:\n%s", gridText(s))
	}
	if !cell(t, s, 1, 2).Selected {
		t.Errorf("selection did not follow the new round:\n%s", gridText(s))
	}
	tapButton(t, w, "\u22121")
	if got, want := gridText(s), "Round | alice | \u2605 bob\nRound 1 | 0 | 5\nRound 2 | 0 | -1\nTotal | 0 | 4\n"; got != want {
		t.Errorf("grid:\n%s\nwant:\n%s", got, want)
	}

	// Undo three times: the −1, the next round, the +5.
	tapButton(t, w, "Undo")
	if got := total(s, 1).Text; got != "5" {
		t.Errorf("after undo bob's total = %q, want 5", got)
	}
	tapButton(t, w, "Undo")
	if s.view.RoundCount != 1 {
		t.Errorf("after undoing Next round there are %d rounds, want 1", s.view.RoundCount)
	}
	tapButton(t, w, "Undo")
	if got := total(s, 1).Text; got != "0" {
		t.Errorf("after undoing everything bob's total = %q, want 0", got)
	}
	// Nothing left: the Undo button is disabled rather than refusing.
	if b := buttons(w, "Undo"); len(b) != 1 || !b[0].Disabled() {
		t.Errorf("Undo should be visible and disabled on an empty log")
	}
}

func TestScorePadNumberPadAddAndSet(t *testing.T) {
	st := console.NewMemStore()
	sess := newPad(t, st, "Pad", nil, "alice", "bob")
	u, w := newTestUI(t, st, landscapeSize)
	u.showGame(console.NewLocal(sess))
	s := padScreen(t, u)

	for _, k := range []string{"1", "2"} {
		tapButton(t, w, k)
	}
	tapButton(t, w, "Add 12")
	tapButton(t, w, "Next round")
	// Correct round 1 for alice: select the cell, type 7, Set.
	test.Tap(cell(t, s, 0, 1))
	tapButton(t, w, "7")
	tapButton(t, w, "\u00b1")
	tapButton(t, w, "Set -7")
	if got := cell(t, s, 0, 1).Text; got != "-7" {
		t.Errorf("alice round 1 = %q after Set -7, want -7\n%s", got, gridText(s))
	}
	if s.selRound != 1 {
		t.Errorf("selection moved to round %d, want it to stay on the corrected round 1", s.selRound)
	}
	lines, err := sess.History(console.Public)
	if err != nil {
		t.Fatal(err)
	}
	if got := lines[len(lines)-1].Text; got != "alice's round 1 score set to -7 (was 12)" {
		t.Errorf("last history line = %q", got)
	}
	tapButton(t, w, "History")
	wantText(t, w, "alice's round 1 score set to -7 (was 12)")
}

func TestScorePadEndToEndWithTie(t *testing.T) {
	st := console.NewMemStore()
	u, w := newTestUI(t, st, landscapeSize)
	test.Tap(findTile(t, w, "Score pad"))
	ng := u.current.(*newGameScreen)
	test.Type(ng.seats[0], "Ann")
	test.Type(ng.seats[1], "Ben")
	tapButton(t, w, "Add player")
	test.Type(ng.seats[2], "Cy")
	tapButton(t, w, "Start game")
	s := padScreen(t, u)

	// Round 1: Ann +5, Ben +5 (on the number pad), Cy +1.
	tapButton(t, w, "+5")
	test.Tap(header(s, 1))
	tapButton(t, w, "5")
	tapButton(t, w, "Add 5")
	test.Tap(header(s, 2))
	tapButton(t, w, "+1")
	tapButton(t, w, "Next round")
	tapButton(t, w, "End game")
	// The confirmation dialog repeats "End game"; tapButton takes the top.
	tapButton(t, w, "End game")

	if !s.view.Finished {
		t.Fatalf("the game is not finished after End game")
	}
	wantText(t, w, "Game over")
	var rows []string
	for _, o := range s.placements.Objects {
		var parts []string
		walk(o, func(x fyne.CanvasObject) {
			if l, ok := x.(*widget.Label); ok {
				parts = append(parts, l.Text)
			}
		})
		rows = append(rows, strings.Join(parts, " "))
	}
	want := []string{"Ann =1st 5", "Ben =1st 5", "Cy 3rd 1"}
	if fmt.Sprint(rows) != fmt.Sprint(want) {
		t.Errorf("placements = %q, want %q", rows, want)
	}
	metas, _, _ := st.List()
	if len(metas) != 1 || metas[0].Status != console.StatusFinished {
		t.Fatalf("store: %+v, want one finished game", metas)
	}

	// The battle report opens from the end screen and comes back.
	tapButton(t, w, "Battle report")
	if _, ok := u.current.(*reportScreen); !ok {
		t.Fatalf("screen is %T, want the report", u.current)
	}
	wantText(t, w, "Ann")
	tapButton(t, w, "Back to game")
	s = padScreen(t, u)
	// Undo reopens the game.
	tapButton(t, w, "Undo")
	if s.view.Finished {
		t.Errorf("undo did not reopen the game")
	}
	tapButton(t, w, "Home")
	if _, ok := u.current.(*homeScreen); !ok {
		t.Fatalf("Home led to %T", u.current)
	}
}

func TestFinishedGameOpensReport(t *testing.T) {
	st := console.NewMemStore()
	sess := newPad(t, st, "Last week", nil, "alice", "bob")
	if _, err := sess.Do("alice", console.Command{Name: scorepad.CmdAdd, Args: map[string]any{"player": "bob", "points": 3}}); err != nil {
		t.Fatal(err)
	}
	if _, err := sess.Do("alice", console.Command{Name: scorepad.CmdEnd}); err != nil {
		t.Fatal(err)
	}
	u, w := newTestUI(t, st, landscapeSize)
	test.Tap(findTile(t, w, "Last week"))
	r, ok := u.current.(*reportScreen)
	if !ok {
		t.Fatalf("screen is %T, want the report", u.current)
	}
	if !strings.Contains(r.markdown, "Last week") || !strings.Contains(r.text.String(), "bob") {
		t.Errorf("report does not name the game and its players:\n%s", r.markdown)
	}
	tapButton(t, w, "Open game")
	if !padScreen(t, u).view.Finished {
		t.Errorf("the opened game is not shown as finished")
	}
}

func TestDeleteAsksFirst(t *testing.T) {
	st := console.NewMemStore()
	newPad(t, st, "Old", nil, "alice")
	_, w := newTestUI(t, st, landscapeSize)
	tapButton(t, w, "Delete")
	tapButton(t, w, "Keep")
	if metas, _, _ := st.List(); len(metas) != 1 {
		t.Fatalf("Keep deleted the game")
	}
	tapButton(t, w, "Delete")
	wantText(t, w, "cannot be undone")
	tapButton(t, w, "Delete") // the dialog's
	if metas, _, _ := st.List(); len(metas) != 0 {
		t.Fatalf("the game was not deleted")
	}
	wantText(t, w, "No unfinished games")
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
	newPad(t, st, "Fine", nil, "alice")
	_, w := newTestUI(t, st, landscapeSize)
	wantText(t, w, `Saved game "g0badc0ffee" is damaged and cannot be opened: index record: msgpack: invalid code`)
	findTile(t, w, "Fine")
}

func TestStoreErrorIsShownAndAppStillWorks(t *testing.T) {
	a := test.NewTempApp(t)
	w := a.NewWindow("test")
	w.Resize(landscapeSize)
	u := New(a, w, Config{StoreErr: errors.New("save file /x/saves.db is in use by another Command Console (the app or ccctl)"), Clock: testClock})
	u.Start()
	wantText(t, w, "Your saved games could not be opened: save file /x/saves.db is in use")
	test.Tap(findTile(t, w, "Score pad"))
	u.current.(*newGameScreen).seats[0].SetText("solo")
	tapButton(t, w, "Start game")
	padScreen(t, u)
}

func TestSettingsApplyToTheme(t *testing.T) {
	u, w := newTestUI(t, console.NewMemStore(), landscapeSize)
	a := u.app
	th, ok := a.Settings().Theme().(*Theme)
	if !ok || !th.Dark {
		t.Fatalf("theme at start = %T %+v, want the dark Command Console theme", a.Settings().Theme(), th)
	}
	if got := a.Settings().Theme().Size(theme.SizeNameText); got != baseText {
		t.Errorf("text size = %v, want %v", got, baseText)
	}
	dark := a.Settings().Theme().Color(theme.ColorNameBackground, theme.VariantDark)

	tapButton(t, w, "Settings")
	f := u.settingsScreen
	f.theme.SetSelected(labelLight)
	light := a.Settings().Theme().Color(theme.ColorNameBackground, theme.VariantDark)
	if sameColor(dark, light) {
		t.Errorf("background %v did not change with the Light theme", light)
	}
	if lum(light) < lum(dark) {
		t.Errorf("light background %v is darker than the dark one %v", light, dark)
	}
	f.text.SetSelected("Large")
	if got, want := a.Settings().Theme().Size(theme.SizeNameText), float32(baseText*1.2); got != want {
		t.Errorf("text size after Large = %v, want %v", got, want)
	}
	test.Type(f.name, "Zoe")
	f.units.SetSelected(labelCentimetres)

	got := LoadSettings(a.Preferences())
	want := Settings{Name: "Zoe", Units: Centimetres, Theme: ThemeLight, TextScale: 1.2}
	if got != want {
		t.Errorf("saved settings = %+v, want %+v", got, want)
	}
	// A new interface on the same preferences starts with them.
	u2 := New(a, w, Config{Store: console.NewMemStore(), Clock: testClock})
	u2.Start()
	if th := a.Settings().Theme().(*Theme); th.Dark || th.Scale != 1.2 {
		t.Errorf("restarted theme = %+v, want light at 1.2", th)
	}
	// Buttons stay touch-sized at the new text size.
	for _, o := range objects(w) {
		if b, ok := o.(*widget.Button); ok && b.MinSize().Height < MinTouchTarget {
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

// countingStore counts snapshots.
type countingStore struct {
	*console.MemStore
	snaps atomic.Int32
}

func (c *countingStore) PutSnapshot(id string, s console.Snapshot) error {
	c.snaps.Add(1)
	return c.MemStore.PutSnapshot(id, s)
}

func TestCheckpointOnLeaveAndBackground(t *testing.T) {
	st := &countingStore{MemStore: console.NewMemStore()}
	sess := newPad(t, st, "Snap", nil, "alice")
	u, w := newTestUI(t, st, landscapeSize)
	u.showGame(console.NewLocal(sess))
	tapButton(t, w, "+1")
	u.checkpoint() // what the lifecycle hook calls on going to the background
	if got := st.snaps.Load(); got != 1 {
		t.Fatalf("%d snapshots after going to the background, want 1", got)
	}
	tapButton(t, w, "+1")
	tapButton(t, w, "Home")
	if got := st.snaps.Load(); got != 2 {
		t.Fatalf("%d snapshots after leaving the game, want 2", got)
	}
	if u.game != nil {
		t.Errorf("the game is still open after Home")
	}
}

func TestRefusedCommandShowsBanner(t *testing.T) {
	st := console.NewMemStore()
	sess := newPad(t, st, "Limits", nil, "alice")
	u, w := newTestUI(t, st, landscapeSize)
	u.showGame(console.NewLocal(sess))
	for _, k := range []string{"9", "9", "9", "9", "9", "9"} {
		tapButton(t, w, k)
	}
	tapButton(t, w, "Add 999999")
	if !u.game.banner.Visible() || !strings.Contains(u.game.banner.Text, "999999") {
		t.Fatalf("banner = %q (visible %v), want the refusal", u.game.banner.Text, u.game.banner.Visible())
	}
	tapButton(t, w, "+1")
	if u.game.banner.Visible() {
		t.Errorf("the banner stays after an accepted command")
	}
}

func TestGenericScreenRunsCommandsFromSchema(t *testing.T) {
	st := console.NewMemStore()
	sess := newPad(t, st, "Generic", nil, "alice", "bob")
	u, w := newTestUI(t, st, landscapeSize)
	host := newGameHost(u, console.NewLocal(sess))
	host.screen = newGenericScreen(host.env)
	host.root = host.screen.content()
	u.show(host)
	u.game = host
	g := host.screen.(*genericScreen)
	wantText(t, w, `"round": 1`)

	var add *commandForm
	for _, f := range g.commands {
		if f.spec.Name == scorepad.CmdAdd {
			add = f
		}
	}
	add.args[0].input.(*widget.RadioGroup).SetSelected("bob")
	add.args[1].entry.SetText("4")
	test.Tap(add.button)
	wantText(t, w, `"total": 4`)

	add.args[1].entry.SetText("four")
	test.Tap(add.button)
	if !add.args[1].err.Visible() {
		t.Errorf("a bad number is not marked on its field")
	}
}

func TestLastPlayed(t *testing.T) {
	for _, c := range []struct {
		ago  string
		want string
	}{
		{"10s", "just now"}, {"5m", "5 min ago"}, {"3h", "3 h ago"}, {"13h", "today 07:30"},
		{"24h", "yesterday 20:30"}, {"72h", "Wed 11 Jun 20:30"}, {"4000h", "30 Dec 2024"},
	} {
		d, _ := time.ParseDuration(c.ago)
		if got := lastPlayed(testNow, testNow.Add(-d)); got != c.want {
			t.Errorf("lastPlayed(-%s) = %q, want %q", c.ago, got, c.want)
		}
	}
}

func TestOrdinal(t *testing.T) {
	for n, want := range map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th", 13: "13th", 21: "21st", 22: "22nd", 101: "101st", 111: "111th"} {
		if got := ordinal(n); got != want {
			t.Errorf("ordinal(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestUnitsFormatDistance(t *testing.T) {
	for _, c := range []struct {
		u    Units
		in   int
		want string
	}{{Inches, 60, `6"`}, {Inches, 25, `2.5"`}, {Centimetres, 60, "15.2 cm"}, {Centimetres, 10, "2.5 cm"}} {
		if got := c.u.FormatDistance(c.in); got != c.want {
			t.Errorf("%s.FormatDistance(%d) = %q, want %q", c.u, c.in, got, c.want)
		}
	}
}

func TestTablesAsLists(t *testing.T) {
	md := "# T\n\n| | |\n|---|---|\n| System | Score pad |\n| Seats | a \\| b, c |\n\n## P\n\n| Place | Player | Score |\n|---|---|---:|\n| 1st | Ann | 5 |\n\ntext | not a table\n"
	want := "# T\n\n- **System**: Score pad\n- **Seats**: a \\| b, c\n\n## P\n\n- **1st** · Ann · 5\n\ntext | not a table\n"
	if got := tablesAsLists(md); got != want {
		t.Errorf("tablesAsLists:\n%s\nwant:\n%s", got, want)
	}
}

func TestNoLeaderMarksWhileAllTied(t *testing.T) {
	st := console.NewMemStore()
	sess := newPad(t, st, "Tied", nil, "alice", "bob")
	u, _ := newTestUI(t, st, landscapeSize)
	u.showGame(console.NewLocal(sess))
	s := padScreen(t, u)
	for p := range 2 {
		if header(s, p).Leader || total(s, p).Leader || strings.Contains(header(s, p).Text, "\u2605") {
			t.Errorf("player %d is marked as leader while everyone is at 0:\n%s", p, gridText(s))
		}
	}
}

func TestDispatcherFallsBackToGenericScreen(t *testing.T) {
	if reflect.ValueOf(screenFor(scorepad.ID)).Pointer() != reflect.ValueOf(newScorePadScreen).Pointer() {
		t.Errorf("the score pad does not get its own screen")
	}
	if reflect.ValueOf(screenFor("no-such-system")).Pointer() != reflect.ValueOf(newGenericScreen).Pointer() {
		t.Errorf("a system without a screen does not get the generic one")
	}
	// Every playable system opens: its own screen or the generic one.
	for _, r := range games.Playable() {
		info := r.Info()
		var seats []console.Seat
		for i := 0; i < max(info.MinSeats, 1); i++ {
			seats = append(seats, console.Seat(fmt.Sprintf("seat%d", i+1)))
		}
		st := console.NewMemStore()
		sess, err := console.Create(r, console.Setup{Seats: seats}, console.Options{Store: st, Clock: testClock})
		if err != nil {
			t.Errorf("%s: create with default options: %v", info.ID, err)
			continue
		}
		u, w := newTestUI(t, st, landscapeSize)
		u.showGame(console.NewLocal(sess))
		if u.game == nil || u.game.screen == nil {
			t.Errorf("%s: no game screen", info.ID)
			continue
		}
		checkLayout(t, w, landscapeSize, info.ID+" game screen")
	}
}

// TestNewGameTakesUnitsFromSettings: a system with a units option (Lands of
// Ruin) starts in the unit chosen in Settings.
func TestNewGameTakesUnitsFromSettings(t *testing.T) {
	u, _ := newTestUI(t, console.NewMemStore(), landscapeSize)
	rules, err := games.Lookup("landsofruin")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []Units{Centimetres, Inches} {
		u.settings.Units = want
		s := newNewGameScreen(u, rules)
		found := false
		for _, o := range s.options {
			if o.spec.Name == "units" {
				found = true
				if got, _ := o.value(); got != string(want) {
					t.Errorf("settings %s: the units option starts at %q", want, got)
				}
			}
		}
		if !found {
			t.Fatal("Lands of Ruin has no units option in the form")
		}
	}
}
