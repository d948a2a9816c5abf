package landsofruin

import (
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/conformance"
	"github.com/commandconsole/commandconsole/console/report"
	"github.com/commandconsole/commandconsole/games/landsofruin/rules"
)

// The words check (docs/landsofruin.md, "The words check"): every text the view
// carries, every history line, every refusal and the battle report are in
// the game's words. It plays the golden games and fails on any text that
// matches the deny-list.

// denied are the patterns no text a player reads may match, with what
// each catches.
var denied = []struct {
	re   *regexp.Regexp
	what string
}{
	{regexp.MustCompile(`\b[a-z]+(?:-[a-z0-9]+)+\b`), "an id (command, effect, weapon, action, section)"},
	{regexp.MustCompile(`\b\w+=\w+`), "key=value"},
	{regexp.MustCompile(`\bLR-\w+`), "a decision id"},
	{regexp.MustCompile(`\(s\)`), "a (s) plural"},
	{regexp.MustCompile(`\b1 (?:rounds|turns|points|times|hits|Rotters|characters|players|phases|actions)\b`), "a plural after 1"},
	{regexp.MustCompile(`\bis in off the table\b`), "bad grammar"},
	{regexp.MustCompile(`\b[a-z]+[A-Z][A-Za-z]*\b|\b(?:kit|console|landsofruin|rules|content|npc)\.[A-Z]\w*|%!|<nil>|\bmap\[`), "a Go identifier or format error"},
	{regexp.MustCompile(`\b(?:off|on)-(?:north|south|east|west)\b`), "an off-table section id"},
	{oneWordSections(), "a one-word section id"},
}

// oneWordSections matches a map's one-word section ids ("crossing") used
// as a place ("in crossing"), where the game writes "section F (crossing)".
func oneWordSections() *regexp.Regexp {
	var ids []string
	for _, m := range data().cont.Maps {
		for _, s := range m.Sections {
			if !strings.Contains(s.ID, "-") && !contains(ids, s.ID) {
				ids = append(ids, s.ID)
			}
		}
	}
	sort.Strings(ids)
	return regexp.MustCompile(`\b(?:in|to|from|into|of|within|on|at) (?:` + strings.Join(ids, "|") + `)\b`)
}

// englishHyphens are hyphenated English words the texts may use: the id
// pattern lets them through (ids are never among them: TestEnglishHyphensAreNoIDs).
var englishHyphens = map[string]bool{
	"north-east": true, "north-west": true, "south-east": true, "south-west": true,
	"pre-game": true, "pre-made": true, "lower-case": true, "close-combat": true, "hand-over": true, "follow-up": true,
	"re-roll": true, "two-player": true, "one-shot": true, "half-way": true,
	"left-hand": true, "right-hand": true, "bipod-mounted": true, "full-size": true, "self-reliant": true,
}

// knownIDs are the data's ids that read as hyphenated words: a text that
// holds one whole names a thing by its id.
func knownIDs() map[string]bool {
	ids := map[string]bool{}
	add := func(s string) {
		if strings.Contains(s, "-") {
			ids[s] = true
		}
	}
	for _, c := range commandSpecs {
		add(c.Name)
	}
	rd := data().rd
	for _, e := range rd.Effects {
		add(e.ID)
	}
	for _, a := range rd.Actions {
		add(a.ID)
	}
	for _, w := range append(append([]rules.Weapon(nil), rd.Weapons...), rd.CloseCombat...) {
		add(w.ID)
		for _, m := range w.Modes {
			add(m.ID)
		}
	}
	for _, m := range data().cont.Maps {
		for _, s := range m.AllSections() {
			add(s.ID)
		}
	}
	return ids
}

// TestEnglishHyphensAreNoIDs: the words the check lets through are no
// data id.
func TestEnglishHyphensAreNoIDs(t *testing.T) {
	ids := knownIDs()
	for w := range englishHyphens {
		// "close-combat" is both an action and the English adjective
		// ("close-combat weapons"); the action is always named "Close combat".
		if ids[w] && w != "close-combat" {
			t.Errorf("%q is let through as English but is an id", w)
		}
	}
}

// badWords returns what in text matches the deny-list ("" none).
func badWords(text string) string {
	for _, d := range denied {
		for _, m := range d.re.FindAllString(text, -1) {
			if d.what[:2] == "an" && englishHyphens[strings.ToLower(m)] {
				continue
			}
			return fmt.Sprintf("%q (%s)", m, d.what)
		}
	}
	return ""
}

// TestBadWords: the deny-list catches ids, key=value, decision ids, (s)
// plurals and Go identifiers, and lets the game's words through.
func TestBadWords(t *testing.T) {
	tests := []struct {
		text string
		bad  bool
	}{
		{"Aurel moves from section I to section F", false},
		{"Aurel moves from ne-block to crossing", true},
		{"Aurel moves to crossing", true},
		{"Aurel moves to section F (crossing)", false},
		{"(character-moved): ask to take it back with request-undo", true},
		{"no fire-bazooka assigned", true},
		{"with on-fire", true},
		{"Options: map=crossroads, mode=basic", true},
		{"decision LR-D12", true},
		{"1 normal Rotter(s)", true},
		{"after 1 rounds", true},
		{"Kara is in off the table", true},
		{"kit.Inches", true},
		{"the north-east block", false},
		{"2 rounds, 1 round, 1 Rotter", false},
		{"moveAllowance", true},
		{"%!d(string=x)", true},
	}
	for _, tt := range tests {
		if got := badWords(tt.text) != ""; got != tt.bad {
			t.Errorf("badWords(%q) = %v, want %v", tt.text, badWords(tt.text), tt.bad)
		}
	}
}

// idFields are the view's fields that hold ids and values for commands,
// not words for a player: the check skips them (by Go field name).
var idFields = map[string]bool{
	"System": true, "Seat": true, "Scenario": true, "Map": true, "Mode": true, "Phase": true, "Current": true,
	"Order": true, "Allowed": true, "EndProposedBy": true, "Detected": true, "UndoRequestedBy": true,
	"UndoApprovedBy": true, "Units": true, "ID": true, "Kind": true, "Section": true, "Effects": true,
	"Tribe": true, "WeaponClasses": true, "Action": true, "Weapon": true, "Weapons": true, "Actions": true,
	"Role": true, "Side": true, "Team": true, "Leader": true, "Second": true, "Morale": true, "Item": true,
	"Character": true, "Source": true, "Lurkers": true, "Lurker": true, "Point": true, "Step": true,
	"Attacker": true, "Target": true, "Band": true, "Cover": true, "Cmd": true, "Arg": true, "For": true,
	"Value": true, "When": true, "Name": false, "Lurkers ": true,
}

// viewTexts collects every string of v outside idFields, with where it is.
func viewTexts(v any) []string {
	var out []string
	var walk func(path string, x reflect.Value)
	walk = func(path string, x reflect.Value) {
		switch x.Kind() {
		case reflect.Pointer, reflect.Interface:
			if !x.IsNil() {
				walk(path, x.Elem())
			}
		case reflect.Struct:
			for i := 0; i < x.NumField(); i++ {
				f := x.Type().Field(i)
				if !f.IsExported() || idFields[f.Name] {
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
				out = append(out, path+"\t"+s)
			}
		}
	}
	walk("", reflect.ValueOf(v))
	return out
}

// wordsChecker gathers the bad texts of a game, once per distinct text.
type wordsChecker struct {
	t    *testing.T
	seen map[string]bool
	bad  []string
}

func (w *wordsChecker) check(where, text string) {
	if w.seen[text] {
		return
	}
	w.seen[text] = true
	if b := badWords(text); b != "" {
		w.bad = append(w.bad, fmt.Sprintf("%s: %s in %q", where, b, text))
	}
}

// TestWordsOfTheGoldenGames plays every golden game and checks, for every
// seat and the public view, after every line: the view's texts, the
// history, the refusals (of the script's refused lines and of undo), and at
// the end the battle report.
func TestWordsOfTheGoldenGames(t *testing.T) {
	for _, path := range conformance.Files(t, scriptGlob) {
		t.Run(strings.TrimSuffix(strings.TrimPrefix(path, "testdata/"), ".jsonl"), func(t *testing.T) {
			w := &wordsChecker{t: t, seen: map[string]bool{}}
			wordsOfScript(t, w, path)
			sort.Strings(w.bad)
			for i, b := range w.bad {
				if i == 4000 {
					t.Errorf("… and %d more", len(w.bad)-40)
					break
				}
				t.Error(b)
			}
		})
	}
}

func wordsOfScript(t *testing.T, w *wordsChecker, path string) {
	wordsOfScriptWhere(t, path, w.check)
}

// wordsOfScriptWhere plays the script at path and gives check every text
// a seat is shown, with where it is.
func wordsOfScriptWhere(t *testing.T, path string, check func(where, text string)) {
	setup, lines := conformance.ReadFile(t, path)
	r := New()
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	s, err := console.Create(r, setup, console.Options{Clock: func() time.Time { return clock }, NewID: func() string { return "words" }})
	if err != nil {
		t.Fatal(err)
	}
	seats := append(append([]console.Seat(nil), setup.Seats...), console.Public)
	look := func(where string) {
		enc, err := s.EncodedState()
		if err != nil {
			t.Fatal(err)
		}
		st, err := r.DecodeState(enc)
		if err != nil {
			t.Fatal(err)
		}
		last, err := s.LastCommand()
		if err != nil {
			t.Fatal(err)
		}
		for _, seat := range seats {
			for _, x := range viewTexts(r.View(st, seat)) {
				field, text, _ := strings.Cut(x, "\t")
				check(fmt.Sprintf("%s: %s's view%s", where, seat, field), text)
			}
			if seat != console.Public {
				if err := r.Undoable(st, seat, last); err != nil {
					check(fmt.Sprintf("%s: %s's undo", where, seat), err.Error())
				}
			}
		}
	}
	for _, l := range lines {
		where := fmt.Sprintf("%s:%d", path, l.Number)
		_, refusal, err := l.Play(s)
		if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		if refusal != nil {
			check(where+": refusal", refusal.Error())
			continue
		}
		look(where)
	}
	for _, seat := range seats {
		hist, err := s.History(seat)
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range hist {
			check(fmt.Sprintf("%s: %s's history", path, seat), h.Text)
		}
	}
	rep, err := report.Build(console.NewLocal(s))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(report.Markdown(rep), "\n") {
		check(path+": report", line)
	}
}

// TestSectionWords: a section reads by the letter on the map and its name
// for every seat; an off-table strip and a spawn point from the seat's own
// side (ana sits south, ben north; the public view by compass).
func TestSectionWords(t *testing.T) {
	g := battle(t, 3).st()
	ana, ben := 0, 1
	if g.Players[0].Side != "south" {
		ana, ben = 1, 0
	}
	tests := []struct {
		name string
		got  func(p int) string
		p    int
		want string
	}{
		{"letter", func(p int) string { return g.sec("ne-block", p) }, ana, "section D (north-east block)"},
		{"same letter for the other side", func(p int) string { return g.sec("ne-block", p) }, ben, "section D (north-east block)"},
		{"one-word section", func(p int) string { return g.in("crossing", p) }, -1, "in section F (crossing)"},
		{"far strip", func(p int) string { return g.sec("off-north", p) }, ana, "off the table beyond the far edge"},
		{"own strip", func(p int) string { return g.sec("off-north", p) }, ben, "off the table beyond your edge"},
		{"side strip", func(p int) string { return g.sec("off-east", p) }, ana, "off the table beyond your right edge"},
		{"side strip, turned", func(p int) string { return g.sec("off-east", p) }, ben, "off the table beyond your left edge"},
		{"public strip", func(p int) string { return g.sec("off-east", p) }, -1, "off the table beyond the east edge"},
		{"not deployed", func(p int) string { return g.in("", p) }, ana, "off the table"},
		{"spawn, south", func(p int) string { return g.spawnWords("top-left", p) }, ana, "the left end of the far edge"},
		{"spawn, north", func(p int) string { return g.spawnWords("top-left", p) }, ben, "the right end of your edge"},
		{"spawn, public", func(p int) string { return g.spawnWords("top-left", p) }, -1, "the west end of the north edge"},
		{"spawn on a side", func(p int) string { return g.spawnWords("right-centre", p) }, ben, "the middle of your left edge"},
		{"instructions", func(p int) string {
			return g.inWords("Place 2 new Shamblers at spawn point top-left; the Rotters head for the centre of north-street.", p)
		}, ben, "Place 2 new Shamblers at the right end of your edge; the Rotters head for the centre of section C (north street)."},
	}
	for _, tt := range tests {
		if got := tt.got(tt.p); got != tt.want {
			t.Errorf("%s (player %d): got %q, want %q", tt.name, tt.p, got, tt.want)
		}
	}
}

// TestWordHelpers: plurals, counts and lists read right.
func TestWordHelpers(t *testing.T) {
	tests := []struct{ got, want string }{
		{plural(1, "round", "rounds"), "1 round"},
		{plural(0, "round", "rounds"), "0 rounds"},
		{plural(3, "round", "rounds"), "3 rounds"},
		{times(1), "once"},
		{times(2), "twice"},
		{times(5), "5 times"},
		{rotterCount("normal", 1), "1 Shambler"},
		{rotterCount("fast", 2), "2 Ragers"},
		{andList([]string{"a", "b", "c"}, "or"), "a, b or c"},
		{playerRange(2, 2), "2 players"},
		{playerRange(1, 1), "1 player"},
		{effectClauses([]string{"on-fire", "take-cover"}), "is on fire or is taking cover"},
		{cmdWords(CmdChooseRole), "choosing a role"},
		{SectionLetter("crossroads", "se-block"), "J"},
		{SectionName("north-street"), "north street"},
		{itemName("frag-grenade"), "Frag grenade"},
	}
	for i, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("case %d: got %q, want %q", i, tt.got, tt.want)
		}
	}
	for _, c := range commandSpecs {
		if _, ok := commandWords[c.Name]; !ok {
			t.Errorf("command %s has no words", c.Name)
		}
	}
}

// TestRefusalHintsInTry: a refusal that points to the command to give
// next says so in its Try field, for the command line, and not in its
// message.
func TestRefusalHintsInTry(t *testing.T) {
	tests := []struct {
		name   string
		battle bool // from the first Action phase, else from setup
		prep   []step
		st     step
		try    string
	}{
		{"ready without a side", false, []step{do("ana", CmdChooseTeam, "team", "dorians-detachment")}, do("ana", CmdReady), CmdChooseSide},
		{"approve without a request", true, nil, do("ben", CmdApproveUndo), CmdRequestUndo},
		{"agree without a proposal", true, nil, do("ben", CmdAgreeEnd), CmdProposeEnd},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := start(t, twoPlayers(1, nil))
			if tt.battle {
				g = battle(t, 3)
			}
			g.must(tt.prep...)
			_, err := g.try(tt.st)
			if err == nil {
				t.Fatal("accepted")
			}
			if got := console.TryOf(err); got != tt.try {
				t.Errorf("Try = %q, want %q (message %q)", got, tt.try, err)
			}
			if strings.Contains(err.Error(), tt.try) {
				t.Errorf("the message %q names the command %s", err, tt.try)
			}
		})
	}
	// The undo that needs consent: Try is request-undo, the message names
	// the move in words.
	g := toAction(t)
	g.must(do("ana", CmdMove, "character", "dorian", "section", "crossing"))
	err := New().Undoable(g.s, "ana", g.log[len(g.log)-1:])
	if console.TryOf(err) != CmdRequestUndo || !strings.Contains(err.Error(), "Dorian's move to section F (crossing)") {
		t.Errorf("undo of a seen move: %v (try %q)", err, console.TryOf(err))
	}
}

// TestWordsOfTheLongGame checks the history of the benchmarks' long game
// (LongGame: many turns, phase undos by consent, the living world) for
// every seat, and the views and the report at its end.
func TestWordsOfTheLongGame(t *testing.T) {
	s, err := console.Create(New(), LongGameSetup(), console.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := LongGame(s, 600); err != nil {
		t.Fatal(err)
	}
	w := &wordsChecker{t: t, seen: map[string]bool{}}
	for _, seat := range []console.Seat{"alice", "bob", console.Public} {
		hist, err := s.History(seat)
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range hist {
			w.check(string(seat)+"'s history", h.Text)
		}
		v, err := s.View(seat)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range viewTexts(v) {
			field, text, _ := strings.Cut(x, "\t")
			w.check(string(seat)+"'s view"+field, text)
		}
	}
	rep, err := report.Build(console.NewLocal(s))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(report.Markdown(rep), "\n") {
		w.check("report", line)
	}
	for _, b := range w.bad {
		t.Error(b)
	}
}
