package battlelore

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/conformance"
)

// TestPromptText checks, after every command of every script, that the
// prompt is words (PromptText is the same) and that Try names the
// commands that move the game on: known commands, the first of them
// allowed to a seat the game waits for; none once the game is over.
func TestPromptText(t *testing.T) {
	names := map[string]bool{}
	for _, c := range New().Commands() {
		names[c.Name] = true
	}
	seen := map[string]bool{}
	for _, path := range conformance.Files(t, scriptGlob) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			_, g, _, checks := runScript(t, path)
			for i, c := range checks {
				v := c.view
				if v.PromptText != v.Prompt {
					t.Errorf("checkpoint %d: PromptText %q, Prompt %q", i+1, v.PromptText, v.Prompt)
				}
				for name := range names {
					if strings.Contains(v.Prompt, "("+name) {
						t.Errorf("checkpoint %d: Prompt %q names the command %s", i+1, v.Prompt, name)
					}
				}
				tries := strings.Split(v.Try, " or ")
				if v.Finished != (v.Try == "") {
					t.Errorf("checkpoint %d: Try %q with the game finished %v", i+1, v.Try, v.Finished)
				}
				for _, w := range tries {
					if v.Try != "" && !names[w] {
						t.Errorf("checkpoint %d: Try %q names %q, no command", i+1, v.Try, w)
					}
				}
				seen[v.Step] = true
			}
			// At the end, a seat the game waits for may give Try's first
			// command.
			v := New().View(g.s, console.Public).(View)
			if v.Try != "" {
				ok := false
				for _, sv := range v.Sides {
					sv := New().View(g.s, sv.Seat).(View)
					for _, a := range sv.Allowed {
						ok = ok || a == strings.Split(v.Try, " or ")[0]
					}
				}
				if !ok {
					t.Errorf("Try %q is allowed to no seat", v.Try)
				}
			}
		})
	}
	for _, step := range append([]string{StepScenario, StepMuster}, turnSteps...) {
		if !seen[step] {
			t.Errorf("no script reaches the %s", StepName(step))
		}
	}
}

func TestExportedNames(t *testing.T) {
	if got, want := Counters(), []string{"vp", "lore-tokens", "lore-cards", "command-cards"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Counters() = %v, want %v", got, want)
	}
	spec, ok := console.FindCommand(New().Commands(), CmdAdjust)
	if !ok {
		t.Fatal("no adjust command")
	}
	for _, a := range spec.Args {
		if a.Name == "counter" && !reflect.DeepEqual(a.Enum, Counters()) {
			t.Errorf("adjust's counters %v, want %v", a.Enum, Counters())
		}
	}
	s := SideView{VP: 1, LoreTokens: 2, LoreCards: 3, CommandCards: 4}
	for i, id := range Counters() {
		if n, ok := s.Counter(id); !ok || n != i+1 {
			t.Errorf("Counter(%q) = %d, %v; want %d", id, n, ok, i+1)
		}
	}
	if _, ok := s.Counter("gold"); ok {
		t.Error("Counter(\"gold\") is a counter")
	}
	letters := InitiativeLetters()
	if len(letters) != 26 || letters[0] != "A" || letters[25] != "Z" {
		t.Errorf("InitiativeLetters() = %v", letters)
	}
	for _, l := range letters {
		if _, err := ParseInitiative(l + "1"); err != nil {
			t.Errorf("%s1: %v", l, err)
		}
	}
	for step, want := range map[string]string{StepVP: "VP step", StepMove: "Move step", StepScenario: "Scenario card step", "": "step"} {
		if got := StepName(step); got != want {
			t.Errorf("StepName(%q) = %q, want %q", step, got, want)
		}
	}
}
