package battlelore

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/conformance"
)

// TestPromptText checks, after every command of every script, that
// PromptText is Prompt without the command names in parentheses.
func TestPromptText(t *testing.T) {
	names := map[string]bool{}
	for _, c := range New().Commands() {
		names[c.Name] = true
	}
	// withoutHint removes the last " (cmd)" or " (cmd or cmd)" of a
	// prompt.
	withoutHint := func(p string) string {
		i := strings.LastIndex(p, " (")
		if i < 0 || !strings.Contains(p[i:], ")") {
			return p
		}
		j := i + strings.Index(p[i:], ")")
		for _, w := range strings.Split(p[i+2:j], " or ") {
			if !names[w] {
				return p
			}
		}
		return p[:i] + p[j+1:]
	}
	seen := map[string]bool{}
	for _, path := range conformance.Files(t, scriptGlob) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			_, _, _, checks := runScript(t, path)
			for i, c := range checks {
				v := c.view
				want := v.Prompt
				if !v.Finished {
					want = withoutHint(v.Prompt)
					if want == v.Prompt {
						t.Errorf("checkpoint %d: Prompt %q names no command", i+1, v.Prompt)
					}
				}
				if v.PromptText != want {
					t.Errorf("checkpoint %d: PromptText %q, want %q (Prompt %q)", i+1, v.PromptText, want, v.Prompt)
				}
				seen[v.Step] = true
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
