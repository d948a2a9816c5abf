package script_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/script"
	"github.com/commandconsole/commandconsole/games/scorepad"
)

func TestDecodeLine(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       script.Line
		err        string
	}{
		{"setup", `{"setup":{"system":"scorepad","seats":["a","b"]}}`,
			script.Line{Setup: &console.Setup{System: "scorepad", Seats: []console.Seat{"a", "b"}}}, ""},
		{"command", `{"seat":"a","cmd":"add","args":{"player":"a","points":3},"id":"x1"}`,
			script.Line{Seat: "a", Cmd: "add", Args: map[string]any{"player": "a", "points": float64(3)}, ID: "x1"}, ""},
		{"command without args", `{"seat":"a","cmd":"end"}`, script.Line{Seat: "a", Cmd: "end"}, ""},
		{"undo", `{"seat":"b","undo":true}`, script.Line{Seat: "b", Undo: true}, ""},
		{"refused undo", `{"seat":"b","undo":true,"reject":"nothing"}`, script.Line{Seat: "b", Undo: true, Reject: "nothing"}, ""},
		{"refused command", `{"seat":"a","cmd":"add","reject":"player"}`, script.Line{Seat: "a", Cmd: "add", Reject: "player"}, ""},
		{"unknown field", `{"seat":"a","command":"add"}`, script.Line{}, `unknown field "command"`},
		{"not json", `{"seat":`, script.Line{}, "want {"},
		{"two values", `{"seat":"a","cmd":"end"} {"seat":"b","cmd":"end"}`, script.Line{}, "more than one JSON value"},
		{"setup with a seat", `{"setup":{"system":"x"},"seat":"a"}`, script.Line{}, `a setup line takes only "setup"`},
		{"setup with reject", `{"setup":{"system":"x"},"reject":"y"}`, script.Line{}, `a setup line takes only "setup"`},
		{"no seat", `{"cmd":"end"}`, script.Line{}, `"seat" is missing`},
		{"undo with cmd", `{"seat":"a","undo":true,"cmd":"end"}`, script.Line{}, "an undo line takes only"},
		{"undo with id", `{"seat":"a","undo":true,"id":"x"}`, script.Line{}, "an undo line takes only"},
		{"undo with args", `{"seat":"a","undo":true,"args":{}}`, script.Line{}, "an undo line takes only"},
		{"no cmd", `{"seat":"a","args":{"x":1}}`, script.Line{}, `"cmd" is missing`},
		{"undo false", `{"seat":"a","undo":false}`, script.Line{}, `"cmd" is missing`},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := script.DecodeLine(c.text)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("got %v, want an error containing %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("got %+v, want %+v", got, c.want)
			}
		})
	}
}

func TestRead(t *testing.T) {
	setup := `{"setup":{"system":"scorepad","seats":["a","b"]}}`
	cmd := `{"seat":"a","cmd":"end"}`
	for _, c := range []struct {
		name, text string
		setup      bool
		numbers    []int
		err        string
	}{
		{"empty", "", false, nil, ""},
		{"comments and blanks", "# a game\n\n   \n  # more\n", false, nil, ""},
		{"setup and commands", "# c\n" + setup + "\n\n" + cmd + "\n  " + cmd + "  \n", true, []int{4, 5}, ""},
		{"commands only", cmd + "\n" + cmd, false, []int{1, 2}, ""},
		{"late setup", cmd + "\n" + setup + "\n", false, nil, "line 2: a setup line must be the first line"},
		{"second setup", setup + "\n" + setup + "\n", false, nil, "line 2: a setup line must be the first line"},
		{"bad line", setup + "\n#\n{\"seat\":\"a\"}\n", false, nil, `line 3: "cmd" is missing`},
		{"too long", setup + "\n" + strings.Repeat(" ", script.MaxLine+1) + "\n", false, nil, "line 2: the line is longer than"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, lines, err := script.Read(strings.NewReader(c.text))
			if c.err != "" {
				var le *script.LineError
				if err == nil || !strings.Contains(err.Error(), c.err) || !errors.As(err, &le) {
					t.Fatalf("got %v, want a LineError containing %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if (s != nil) != c.setup {
				t.Errorf("setup %v, want one: %v", s, c.setup)
			}
			var got []int
			for _, l := range lines {
				got = append(got, l.Number)
			}
			if !reflect.DeepEqual(got, c.numbers) {
				t.Errorf("line numbers %v, want %v", got, c.numbers)
			}
		})
	}
}

func TestReadFailingReader(t *testing.T) {
	_, _, err := script.Read(iotest.ErrReader(errors.New("disk gone")))
	var le *script.LineError
	if !errors.As(err, &le) || !le.Read || le.Line != 1 || !strings.Contains(err.Error(), "disk gone") {
		t.Fatalf("got %v, want a read LineError at line 1", err)
	}
}

func TestPlay(t *testing.T) {
	setup := console.Setup{System: scorepad.ID, Seed: 1, Seats: []console.Seat{"a", "b"}}
	s, err := console.Create(scorepad.New(), setup, console.Options{})
	if err != nil {
		t.Fatal(err)
	}
	add := func(player string) script.Line {
		return script.Line{Seat: "a", Cmd: "add", Args: map[string]any{"player": player, "points": 1}}
	}
	withReject := func(l script.Line, r string) script.Line { l.Reject = r; return l }
	for _, c := range []struct {
		name      string
		line      script.Line
		seq       uint64
		refused   bool
		rejection bool   // the error is a Rejection
		err       string // the error contains this
	}{
		{"accepted", add("a"), 1, false, false, ""},
		{"refused, none expected", add("zed"), 0, false, true, "zed"},
		{"refused as expected", withReject(add("zed"), "zed"), 0, true, false, ""},
		{"refused for another reason", withReject(add("zed"), "the game is over"), 0, false, true, "but the script expects a refusal containing"},
		{"accepted, refusal expected", withReject(add("b"), "anything"), 2, false, true, "must refuse"},
		{"undo", script.Line{Seat: "a", Undo: true}, 1, false, false, ""},
		{"refused undo as expected", withReject(script.Line{Seat: "zed", Undo: true}, "zed"), 0, true, false, ""},
		{"setup", script.Line{Setup: &setup}, 0, false, false, "setup line"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, refusal, err := c.line.Play(s)
			if (refusal != nil) != c.refused {
				t.Errorf("refusal %v, want one: %v", refusal, c.refused)
			}
			if c.refused && !console.IsRejection(refusal) {
				t.Errorf("refusal %v is not a Rejection", refusal)
			}
			switch {
			case c.err == "" && err != nil:
				t.Fatalf("error %v", err)
			case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
				t.Fatalf("error %v, want one containing %q", err, c.err)
			case c.err != "" && console.IsRejection(err) != c.rejection:
				t.Errorf("error %v: rejection %v, want %v", err, console.IsRejection(err), c.rejection)
			}
			if res.Seq != c.seq {
				t.Errorf("seq %d, want %d", res.Seq, c.seq)
			}
		})
	}
}

func FuzzDecodeLine(f *testing.F) {
	for _, s := range []string{
		`{"setup":{"system":"scorepad","seats":["a","b"]}}`,
		`{"seat":"a","cmd":"add","args":{"player":"a","points":3},"id":"x1"}`,
		`{"seat":"b","undo":true,"reject":"nothing"}`,
		`{"seat":"a","command":"add"}`,
		`{"seat":"a"} 1`,
		`[]`, `null`, ``,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		l, err := script.DecodeLine(text)
		if err != nil {
			return
		}
		// What DecodeLine accepts keeps the rules it checks.
		switch {
		case l.Setup != nil:
			if l.Seat != "" || l.Cmd != "" || l.Args != nil || l.ID != "" || l.Undo || l.Reject != "" {
				t.Fatalf("setup line with more on it: %+v", l)
			}
		case l.Seat == "":
			t.Fatalf("line without a seat: %+v", l)
		case l.Undo && (l.Cmd != "" || l.Args != nil || l.ID != ""):
			t.Fatalf("undo with a command: %+v", l)
		case !l.Undo && l.Cmd == "":
			t.Fatalf("command without a name: %+v", l)
		}
		// A script of that one line reads back to the same line.
		if strings.ContainsAny(text, "\r\n") {
			return
		}
		setup, lines, err := script.Read(strings.NewReader(text + "\n"))
		if err != nil {
			t.Fatalf("Read refused a line DecodeLine accepted: %v", err)
		}
		if (setup != nil) != (l.Setup != nil) {
			t.Fatalf("Read gave setup %v, DecodeLine %v", setup, l.Setup)
		}
		if l.Setup == nil && (len(lines) != 1 || !reflect.DeepEqual(lines[0].Line, l)) {
			t.Fatalf("Read gave %+v, want %+v", lines, l)
		}
	})
}
