package runika

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/conformance"
)

// viewDataFields are the view's fields that hold ids or codes for
// programs, never shown as they are: Next is ccctl's line with the
// command names (screens read NextText), EndReasons are codes
// (EndReasonWords says them). Every other string of the view is a text a
// player may read.
var viewDataFields = map[string]bool{
	"View.Viewer": true, "View.Allowed": true, "View.Phase": true, "View.Initiative": true, "View.InitiativeOption": true,
	"View.TurnOrder": true, "View.Current": true, "View.Acting": true, "View.Next": true, "View.EndReasons": true,
	"PlayerView.Seat": true, "RuneView.Kind": true, "RuneView.Element": true, "PlayerView.Influence": true,
	"CompletionView.Element": true, "CompletionView.Owner": true, "Master.Element": true, "MasterView.SlotBy": true,
	"MasterView.Influence": true, "MasteryView.Element": true, "MasteryView.Owner": true, "TurnView.Player": true,
	"TurnView.Masters": true, "Placement.Seat": true,
	"Affordance.Cmd": true, "ArgChoices.Arg": true, "ArgChoices.For": true, "Choice.Value": true, "Choice.When": true,
}

// viewTexts returns every string of v a player may read, by where it is.
func viewTexts(v any) map[string]string {
	out := map[string]string{}
	var walk func(path string, x reflect.Value)
	walk = func(path string, x reflect.Value) {
		switch x.Kind() {
		case reflect.Pointer, reflect.Interface:
			if !x.IsNil() {
				walk(path, x.Elem())
			}
		case reflect.Struct:
			t := x.Type()
			for i := 0; i < t.NumField(); i++ {
				f := t.Field(i)
				if !f.IsExported() || viewDataFields[t.Name()+"."+f.Name] {
					continue
				}
				name := path + "." + f.Name
				if f.Anonymous {
					name = path
				}
				walk(name, x.Field(i))
			}
		case reflect.Slice, reflect.Array:
			for i := 0; i < x.Len(); i++ {
				walk(fmt.Sprintf("%s[%d]", path, i), x.Index(i))
			}
		case reflect.String:
			if s := x.String(); s != "" {
				out[path] = s
			}
		}
	}
	walk("view", reflect.ValueOf(v))
	return out
}

// TestEveryViewTextInWords plays the golden games and checks every
// string of every seat's view but the ids kept for programs: the
// affordances' reasons and labels, the masters' abilities, the names.
func TestEveryViewTextInWords(t *testing.T) {
	for _, path := range conformance.Files(t, scriptGlob) {
		setup, lines := conformance.ReadFile(t, path)
		s, err := console.Create(New(), setup, console.Options{Store: console.NewMemStore(),
			Clock: func() time.Time { return time.Unix(1700000000, 0).UTC() }})
		if err != nil {
			t.Fatal(err)
		}
		seen, kinds := map[string]bool{}, map[string]bool{}
		seats := append([]console.Seat{console.Public}, setup.Seats...)
		for _, l := range lines {
			if _, _, err := l.Play(s); err != nil {
				t.Fatalf("%s:%d: %v", path, l.Number, err)
			}
			for _, seat := range seats {
				v, err := s.View(seat)
				if err != nil {
					t.Fatal(err)
				}
				texts := viewTexts(v)
				for _, k := range console.SortedKeys(texts) {
					kinds[k[strings.LastIndex(k, ".")+1:]] = true
					if bad := badWords(texts[k]); len(bad) > 0 && !seen[texts[k]] {
						seen[texts[k]] = true
						t.Errorf("%s:%d %s %s: %q holds %q", path, l.Number, seat, k, texts[k], bad)
					}
				}
			}
		}
		// The walk reaches the texts a screen shows.
		for _, k := range []string{"Summary", "NextText", "Reason", "Ability", "Name"} {
			if !kinds[k] {
				t.Errorf("%s: no view text %s was checked", path, k)
			}
		}
	}
}
