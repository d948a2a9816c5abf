package ruunara

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/commandconsole/commandconsole/console"
)

// session is a duo game in a real console.Session, for undo.
type session struct {
	t *testing.T
	s *console.Session
	n int
}

func newSession(t *testing.T) *session {
	t.Helper()
	s, err := console.Create(New(), console.Setup{System: ID, Title: "undo", Seed: 3, Seats: []console.Seat{"p1", "p2"}},
		console.Options{Store: console.NewMemStore(), Clock: func() time.Time { return time.Unix(0, 0) }})
	if err != nil {
		t.Fatal(err)
	}
	ss := &session{t: t, s: s}
	b, err := os.ReadFile("testdata/cards.json")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, b); err != nil {
		t.Fatal(err)
	}
	ss.do("p1", "define-card", "json="+buf.String())
	return ss
}

func (ss *session) try(seat, cmd string, kv ...string) error {
	args := map[string]any{}
	for _, w := range kv {
		k, v, _ := strings.Cut(w, "=")
		args[k] = v
	}
	ss.n++
	_, err := ss.s.Do(console.Seat(seat), console.Command{ID: "u" + itoa(ss.n), Name: cmd, Args: args})
	return err
}

func (ss *session) do(seat, cmd string, kv ...string) {
	ss.t.Helper()
	if err := ss.try(seat, cmd, kv...); err != nil {
		ss.t.Fatalf("%s %s %v: %v", seat, cmd, kv, err)
	}
}

func (ss *session) view(seat string) View {
	v, err := ss.s.View(console.Seat(seat))
	if err != nil {
		ss.t.Fatal(err)
	}
	return v.(View)
}

func (ss *session) hp(id string) int {
	for _, e := range ss.view("p1").Enemies {
		if e.ID == id {
			return e.HP
		}
	}
	ss.t.Fatalf("no %s", id)
	return 0
}

// RU-X45: undo in duo needs the other seat's yes (RU-D57).
func TestX45UndoInDuo(t *testing.T) {
	for _, answer := range []string{"yes", "no", "withdraw"} {
		t.Run(answer, func(t *testing.T) {
			ss := newSession(t)
			ss.do("p1", "add-hero", "card=naali")
			ss.do("p2", "add-hero", "card=graam")
			ss.do("p1", "add-enemy", "card=saarok", "count=3")
			ss.do("p1", "start")
			for ss.view("p1").Side != "p2" || ss.view("p1").Phase != PhaseCombat {
				ss.do(ss.view("p1").Side, "end-phase")
			}
			ss.do("p2", "attack", "hero=H2", "kind=ranged", "target=E3")
			ss.do("p2", "roll", "values=4,4")
			q := ss.view("p1").Prompt.ID
			ss.do("p2", "answer", "q="+q, "value=no")
			if ss.hp("E3") != 1 {
				t.Fatalf("E3 %d HP", ss.hp("E3"))
			}
			// the cover answer rolled nothing: undone at once; the roll
			// under it needs p2's yes
			if _, err := ss.s.Undo("p1"); err != nil {
				t.Fatalf("undo of the cover answer: %v", err)
			}
			if _, err := ss.s.Undo("p1"); err == nil || console.ReasonOf(err) != console.ReasonNeedsConsent {
				t.Fatalf("plain undo of a duo roll: %v", err)
			}
			ss.do("p1", "request-undo")
			p := ss.view("p2").Prompt
			if p == nil || p.QKind != "undo" || !strings.Contains(p.Text, "p1 asks to undo") || !strings.Contains(p.Text, "(4, 4)") || p.Seat != "p2" {
				t.Fatalf("undo question %+v", p)
			}
			if err := ss.try("p1", "answer", "q="+p.ID, "value=yes"); err == nil || !strings.Contains(err.Error(), "p2 must answer: p1 asked for this undo") {
				t.Fatalf("p1's own answer: %v", err)
			}
			if err := ss.try("p2", "end-phase"); err == nil {
				t.Fatal("end-phase accepted while the undo question is open")
			}
			switch answer {
			case "yes":
				ss.do("p2", "answer", "q="+p.ID, "value=yes")
				if ss.hp("E3") != 3 {
					t.Errorf("E3 %d HP after the agreed undo, want 3", ss.hp("E3"))
				}
				if pr := ss.view("p1").Prompt; pr == nil || pr.Kind != PromptDice || pr.N != 2 {
					t.Errorf("prompt after the undo %+v, want the 2 dice again", pr)
				}
			case "no":
				ss.do("p2", "answer", "q="+p.ID, "value=no")
				if pr := ss.view("p1").Prompt; pr == nil || pr.QKind != "cover" {
					t.Errorf("prompt %+v after a declined undo, want the cover question back", pr)
				}
			case "withdraw":
				ss.do("p1", "request-undo")
				if pr := ss.view("p1").Prompt; pr == nil || pr.QKind != "cover" {
					t.Errorf("prompt %+v after the withdrawal, want the cover question back", pr)
				}
			}
		})
	}
}

// In solo the same undo is done at once (RU-D57).
func TestUndoSolo(t *testing.T) {
	g := solo(t, []string{"graam"}, "saarok", "saarok", "saarok")
	g.refuse("in solo play the last command is taken back at once", "p1", "request-undo")
	if err := g.r.Undoable(g.s, "p1", g.last); err != nil {
		t.Fatal(err)
	}
}
