package battlelore

import (
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/conformance"
)

// deniedWords are the patterns no text for a player may hold (issue 23,
// docs/screens.md): hyphenated and snake_case ids (commands, units, army
// cards, counters), key=value, decision ids and "(s)" plurals.
var deniedWords = []*regexp.Regexp{
	regexp.MustCompile(`\b[a-z]+(-[a-z]+)+\b`),
	regexp.MustCompile(`\b[a-z]+(_[a-z]+)+\b`),
	regexp.MustCompile(`\w+=\w+`),
	regexp.MustCompile(`\b[A-Z]{2}-D\d+`),
	regexp.MustCompile(`\(s\)`),
}

// englishHyphenated are hyphenated words of English and of the rulebook
// the id pattern would otherwise catch.
var englishHyphenated = map[string]bool{
	"first-player": true, "set-up": true, "re-roll": true, "re-rolls": true, "two-player": true,
	"face-down": true, "face-up": true,
}

// badWords returns the denied words in text.
func badWords(text string) []string {
	var bad []string
	for _, re := range deniedWords {
		for _, m := range re.FindAllString(text, -1) {
			if !englishHyphenated[strings.ToLower(m)] {
				bad = append(bad, m)
			}
		}
	}
	return bad
}

// dataFields are the view's fields that hold ids or codes for programs
// (commands, factions, steps, unit and army card ids), never shown as
// they are: a screen or ccctl turns them into words. Try is the
// command-line hint, for ccctl only. Every other string of the view,
// the prompt included, is a text a player may read, and is checked.
var dataFields = map[string]bool{
	"View.Seat": true, "View.You": true, "View.Mode": true, "View.Phase": true, "View.Step": true,
	"View.Active": true, "View.ActiveSeat": true, "View.FirstPlayer": true, "View.FirstPlayerBy": true,
	"View.Try": true, "View.Winner": true, "View.EndReason": true, "View.Allowed": true,
	"ChecklistItem.Step": true, "ChecklistItem.Phase": true, "ChecklistItem.Faction": true,
	"ChecklistItem.State": true, "ChecklistItem.Command": true,
	"SideView.Faction": true, "SideView.Seat": true,
	"Army.Faction": true, "Army.Source": true, "Army.ArmyCard": true, "ArmyLine.Type": true,
	"UnitView.ID": true, "UnitView.Type": true, "UnitView.Condition": true,
	"BannerView.Scenario": true, "TurnView.Faction": true, "TurnView.LoreChoice": true,
	"UnitType.ID": true, "UnitType.Faction": true, "ArmyCard.ID": true, "ArmyCard.Faction": true,
	"DieFace.ID": true, "Placement.Seat": true,
	"Affordance.Cmd": true, "ArgChoices.Arg": true, "ArgChoices.For": true, "Choice.Value": true, "Choice.When": true,
}

// viewTexts returns every string of v a player may read, with where it
// is, walking structs, slices and pointers.
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
				if !f.IsExported() || dataFields[t.Name()+"."+f.Name] {
					continue
				}
				walk(path+"."+f.Name, x.Field(i))
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

// TestWordsOfGoldenGames plays every golden script and checks every text a
// player reads: each refusal's message (its command-line hint goes in
// Try), every string of every seat's view but the ids kept for programs,
// and every history line for every seat.
func TestWordsOfGoldenGames(t *testing.T) {
	for _, path := range conformance.Files(t, scriptGlob) {
		setup, lines := conformance.ReadFile(t, path)
		s, err := console.Create(New(), setup, console.Options{Store: console.NewMemStore(),
			Clock: func() time.Time { return time.Unix(1700000000, 0).UTC() }})
		if err != nil {
			t.Fatal(err)
		}
		seen, kinds := map[string]bool{}, map[string]bool{}
		check := func(where, text string) {
			if bad := badWords(text); len(bad) > 0 {
				key := fmt.Sprint(bad) + text
				if !seen[key] {
					seen[key] = true
					t.Errorf("%s: %s: %q holds %q", path, where, text, bad)
				}
			}
		}
		seats := append([]console.Seat{console.Public}, setup.Seats...)
		for _, l := range lines {
			_, refusal, err := l.Play(s)
			if err != nil {
				t.Fatalf("%s:%d: %v", path, l.Number, err)
			}
			where := fmt.Sprintf("line %d", l.Number)
			if refusal != nil {
				check(where+" refusal", refusal.Error())
				continue
			}
			for _, seat := range seats {
				v, err := s.View(seat)
				if err != nil {
					t.Fatal(err)
				}
				texts := viewTexts(v)
				for _, k := range console.SortedKeys(texts) {
					kinds[k[strings.LastIndex(k, ".")+1:]] = true
					check(fmt.Sprintf("%s %s %s", where, seat, k), texts[k])
				}
			}
		}
		for _, seat := range seats {
			hist, err := s.History(seat)
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range hist {
				check(fmt.Sprintf("history %d for %s", h.Seq, seat), h.Text)
			}
		}
		// The walk reaches the texts a screen shows.
		for _, k := range []string{"Summary", "PromptText", "StepName", "Label", "Reason", "Name", "Effect"} {
			if !kinds[k] {
				t.Errorf("%s: no view text %s was checked", path, k)
			}
		}
	}
}

// TestBadWords: the deny-list catches the ids the brief names and lets
// English through.
func TestBadWords(t *testing.T) {
	for _, bad := range []string{"uthuk-blood-tide", "play-command-card", "citadel-guard", "lore_tokens", "counter=vp", "BL-D3", "1 unit(s)"} {
		if len(badWords("a "+bad+" b")) == 0 {
			t.Errorf("%q passes the deny-list", bad)
		}
	}
	for _, ok := range []string{"the first-player token", "Citadel Guard 2", "Take VP for the banner hexes held"} {
		if b := badWords(ok); len(b) > 0 {
			t.Errorf("%q is denied: %q", ok, b)
		}
	}
}

// TestDescribeFallbacksInWords: a history line for an event the pad
// cannot read or does not know is words, not the event's id.
func TestDescribeFallbacksInWords(t *testing.T) {
	r := New()
	s, err := r.New(console.Setup{System: ID, Seats: []console.Seat{"dana", "uli"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range []console.Event{
		{Type: EventUnitDamaged, Data: []byte{0xc1}},
		{Type: "something-new"},
	} {
		line, _ := r.Describe(s, e, console.Public)
		if bad := badWords(line); len(bad) > 0 || line == "" {
			t.Errorf("Describe(%s) = %q, holds %q", e.Type, line, bad)
		}
	}
	if line, _ := r.Describe(nil, console.Event{Type: EventGameEnded}, console.Public); len(badWords(line)) > 0 {
		t.Errorf("Describe without a state = %q", line)
	}
}

// TestRefusalsInWords: refusals no golden game reaches are sentences with
// names, and carry their command-line hint in Try.
func TestRefusalsInWords(t *testing.T) {
	tests := []struct {
		name     string
		steps    []step
		want     string // part of the message
		try      string // part of Try; "" for none
		learning bool
	}{
		{name: "another faction's unit", steps: []step{
			do("dana", CmdScenario, "letter", "C", "number", 1), do("uli", CmdScenario, "letter", "B", "number", 2),
			do("dana", CmdMuster, "citadel-guard", 4, "chaos-lord", 1)},
			want: "Chaos Lord is a Uthuk unit; the Daqan can muster Citadel Guard, Yeoman Archers", try: "citadel-guard, yeoman-archers"},
		{name: "unknown unit", steps: []step{do("uli", CmdDamage, "unit", "goblins-1")},
			want: "the units in play are Citadel Guard 1 (Daqan)", try: "citadel-guard-1"},
		{name: "too many VP", steps: append(turn("uli", 0, LoreChoiceTokens)[:4], do("uli", CmdScoreVP, "vp", 9)),
			want: "as a correction of the VP count", try: CmdAdjust},
		{name: "set health", steps: []step{do("uli", CmdDamage, "unit", "citadel-guard-1", "amount", 2), do("uli", CmdSetHealth, "unit", "citadel-guard-1", "health", 2)},
			want: "health 2 would leave none"},
		{name: "no command cards", steps: []step{do("uli", CmdAdjust, "side", "uthuk", "counter", CounterCommandCards, "by", -4), do("uli", CmdPlayCommandCard)},
			want: "Uthuk has no command cards in hand; if the count is wrong, correct it", try: CmdAdjust},
		{name: "adjust below none", steps: []step{do("uli", CmdAdjust, "side", "uthuk", "counter", CounterLoreCards, "by", -9)},
			want: "lore cards; -9 would leave fewer than none"},
		{name: "learning lore step", learning: true, steps: append(turn("ben", 0, "")[:4], do("ben", CmdLoreStep, "choice", LoreChoiceTokens)),
			want: "Replenishing lore is not part of the learning scenario", try: CmdScoreVP},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var g *game
			if tc.learning {
				g = start(t, learning())
			} else if tc.steps[0].cmd == CmdScenario {
				g = start(t, full())
			} else {
				g = battle(t)
			}
			var err error
			for _, st := range tc.steps {
				if _, err = g.try(st); err != nil {
					break
				}
			}
			if err == nil {
				t.Fatal("no refusal")
			}
			msg := err.Error()
			if !strings.Contains(msg, tc.want) {
				t.Errorf("refusal %q, want it to hold %q", msg, tc.want)
			}
			if bad := badWords(msg); len(bad) > 0 {
				t.Errorf("refusal %q holds %q", msg, bad)
			}
			if try := console.TryOf(err); !strings.Contains(try, tc.try) {
				t.Errorf("try %q, want it to hold %q", try, tc.try)
			}
		})
	}
}

// TestMusterRefusalsInWords: the muster calculator's refusals, which the
// muster form shows as the player counts, name units and plurals in words.
func TestMusterRefusalsInWords(t *testing.T) {
	for _, tc := range []struct {
		counts map[string]int
		want   string
	}{
		{map[string]int{"rune-golems": 3}, "3 Rune Golems: the box holds 2 Rune Golems deployment cards"},
		{map[string]int{"roc-warrior": 2}, "the box holds 1 Roc Warrior deployment card"},
		{map[string]int{"goblins": 1}, "no such unit; the Daqan units are Citadel Guard, Yeoman Archers, Riverwatch Riders, Rune Golems and Roc Warrior"},
		{map[string]int{"viper-legion": 1}, "Viper Legion is a Uthuk unit; the Daqan can muster"},
	} {
		_, err := MusterArmy(Daqan, tc.counts, false)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("MusterArmy(%v): %v, want %q", tc.counts, err, tc.want)
			continue
		}
		if bad := badWords(err.Error()); len(bad) > 0 {
			t.Errorf("MusterArmy(%v): %q holds %q", tc.counts, err, bad)
		}
	}
}
