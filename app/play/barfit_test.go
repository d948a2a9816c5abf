package play_test

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/home"
	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/console"
)

// TestTitleBarFitsAPhone: at a 400 dp phone's width and the largest text
// the frame's bar fits (its buttons give way to their icons, nothing cut
// off); on a landscape tablet the buttons keep their words; and a phone
// back at the normal text size gets the words back where they fit.
func TestTitleBarFitsAPhone(t *testing.T) {
	phone := fyne.NewSize(400, 800)
	tests := []struct {
		name    string
		size    fyne.Size
		largest bool
		words   bool
	}{
		{"tablet, normal text", apptest.LandscapeSize, false, true},
		{"tablet, largest text", apptest.LandscapeSize, true, true},
		{"phone, largest text", phone, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := console.NewMemStore()
			sess := apptest.NewPad(t, st, "A pad with a long title for a phone", nil, "alice", "bob")
			u, w, name := apptest.LayoutUI(t, st, tt.size, tt.largest, home.New)
			u.ShowGame(console.NewLocal(sess))
			apptest.CheckLayout(t, w, tt.size, name+" score pad")
			for _, label := range []string{"Home", "History", "Undo"} {
				if got := len(apptest.Buttons(w, label)) > 0; got != tt.words {
					t.Errorf("%s: the %s button shows its word: %v, want %v", name, label, got, tt.words)
				}
			}
			var icons int
			for _, o := range apptest.Objects(w) {
				if b, ok := o.(*widget.Button); ok && b.Text == "" && b.Icon != nil {
					icons++
				}
			}
			if !tt.words && icons < 3 {
				t.Errorf("%s: %d icon-only buttons, want the bar's three", name, icons)
			}
		})
	}
}
