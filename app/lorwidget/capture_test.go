package lorwidget

import (
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"

	"github.com/commandconsole/commandconsole/games/landsofruin/content"
)

// TestCaptureWidgets renders the widgets to PNG files for a person to look
// at, when CC_CAPTURE_DIR names a folder:
//
//	CC_CAPTURE_DIR=/tmp/shots go test -run CaptureWidgets ./app/lorwidget/
func TestCaptureWidgets(t *testing.T) {
	dir := os.Getenv("CC_CAPTURE_DIR")
	if dir == "" {
		t.Skip("set CC_CAPTURE_DIR to write screenshots")
	}
	test.NewTempApp(t)
	shot := func(name string, o fyne.CanvasObject, size fyne.Size) {
		t.Helper()
		w := test.NewTempWindow(t, o)
		w.Resize(size)
		f, err := os.Create(filepath.Join(dir, "lor-"+name+".png"))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := png.Encode(f, w.Canvas().Capture()); err != nil {
			t.Fatal(err)
		}
	}
	alice := tutorialView(t, stepEnemyAction, "alice")
	bob := tutorialView(t, stepEnemyAction, "bob")
	front := NewCharacterCard("p1-aurel", alice, nil)
	back := NewCharacterCard("p1-aurel", alice, nil)
	back.SetFlipped(true)
	enemy := NewCharacterCard("p1-aurel", bob, nil)
	front.SetSelected(true)
	shot("cards", container.NewGridWithColumns(3, front, back, enemy), fyne.NewSize(1280, 640))
	for _, c := range []struct {
		name string
		step int
		seat string
	}{{"map-pregame-alice", stepPreGame, "alice"}, {"map-environment-alice", stepEnvironment, "alice"},
		{"map-environment-bob", stepEnvironment, "bob"}, {"map-down-bob", stepHaleDown, "bob"}} {
		m := NewTableMap(tutorialView(t, c.step, landsofruinSeat(c.seat)))
		m.SetSelected("p1-aurel")
		shot(c.name, m, fyne.NewSize(700, 700))
	}
	shot("map-preview", NewMapPreview("ruined-plaza", content.East), fyne.NewSize(300, 400))
	st := NewEnemyStack(tutorialView(t, stepHaleDown, "bob"))
	st.SetExpanded(true)
	shot("enemy-stack", st, fyne.NewSize(420, 700))
}
