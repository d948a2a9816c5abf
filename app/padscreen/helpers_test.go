package padscreen

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/commandconsole/commandconsole/app/home"
	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/internal/shell"
	"github.com/commandconsole/commandconsole/app/padkit"
	"github.com/commandconsole/commandconsole/app/play"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/scorepad"
)

// TestMain registers the score pad's screen, as the app's root does, and
// runs the tests.
func TestMain(m *testing.M) {
	play.Register(scorepad.ID, New)
	apptest.Main(m)
}

// newTestUI starts the interface on a test app and window of the given
// size, with st as the save store.
func newTestUI(t *testing.T, st console.Store, size fyne.Size) (*shell.UI, fyne.Window) {
	t.Helper()
	return apptest.NewUI(t, st, size, home.New)
}

// padScreen returns the score pad screen on show.
func padScreen(t *testing.T, u *shell.UI) *Screen {
	t.Helper()
	return apptest.GameScreen[*Screen](t, u)
}

// cell returns the grid's score cell of player p (0-based) in round r
// (1-based).
func cell(t *testing.T, s *Screen, p, r int) *padkit.ScoreCell {
	t.Helper()
	cols := len(s.view.Players) + 1
	i := (r-1)*cols + 1 + p
	if i >= len(s.body.Objects) {
		t.Fatalf("no cell for player %d round %d", p, r)
	}
	return s.body.Objects[i].(*padkit.ScoreCell)
}

// total returns player p's total cell.
func total(s *Screen, p int) *padkit.ScoreCell { return s.totals.Objects[1+p].(*padkit.ScoreCell) }

// header returns player p's name cell.
func header(s *Screen, p int) *padkit.ScoreCell { return s.header.Objects[1+p].(*padkit.ScoreCell) }

// gridText renders the grid as text rows, for got/want messages.
func gridText(s *Screen) string {
	cols := len(s.view.Players) + 1
	var b strings.Builder
	row := func(objs []fyne.CanvasObject) {
		for i, o := range objs {
			c := o.(*padkit.ScoreCell)
			sep := " | "
			if (i+1)%cols == 0 {
				sep = "\n"
			}
			b.WriteString(c.Text + sep)
		}
	}
	row(s.header.Objects)
	row(s.body.Objects)
	row(s.totals.Objects)
	return b.String()
}
