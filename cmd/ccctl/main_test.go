package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the testdata/*.golden files")

// asMainEnv makes the test binary run as ccctl itself, so tests can start
// real ccctl processes (and kill them) without a go build.
const asMainEnv = "CCCTL_TEST_AS_MAIN"

// testTime is the fixed clock of in-process calls.
var testTime = time.Date(2025, 6, 1, 18, 0, 0, 0, time.UTC)

func TestMain(m *testing.M) {
	if os.Getenv(asMainEnv) == "1" {
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
	clock = func() time.Time { return testTime }
	os.Exit(m.Run())
}

// result is what one ccctl call printed and returned.
type result struct {
	stdout, stderr string
	code           int
}

// ccctl runs one call in process against the save file db, with stdin.
func ccctl(t *testing.T, db, stdin string, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	c := &cli{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb}
	if db != "" {
		args = append([]string{"--db", db}, args...)
	}
	code := c.main(args)
	return result{out.String(), errb.String(), code}
}

// refusal checks that r is a refusal: exit status 1, one line on stderr
// starting "ccctl: " and containing want, and on stdout one JSON object
// with the same message and a reason.
func refusal(t *testing.T, r result, want string) {
	t.Helper()
	if r.code != 1 {
		t.Errorf("exit: got %d, want 1 (stderr %q)", r.code, r.stderr)
	}
	if !strings.HasPrefix(r.stderr, "ccctl: ") || strings.Count(r.stderr, "\n") != 1 || !strings.HasSuffix(r.stderr, "\n") {
		t.Errorf("stderr: got %q, want one line starting \"ccctl: \"", r.stderr)
	}
	if !strings.Contains(r.stderr, want) {
		t.Errorf("stderr: got %q, want it to contain %q", r.stderr, want)
	}
	var out struct {
		Error  string `json:"error"`
		Reason string `json:"reason"`
		// Try is the command to run next; the message never names it.
		Try string `json:"try"`
	}
	dec := json.NewDecoder(strings.NewReader(r.stdout))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&out); err != nil || dec.More() {
		t.Errorf("stdout: got %q, want one JSON object {error, reason[, try]} (%v)", r.stdout, err)
		return
	}
	if msg := strings.TrimSuffix(strings.TrimPrefix(r.stderr, "ccctl: "), "\n"); out.Error != msg || out.Reason == "" {
		t.Errorf("stdout: got %+v, want error %q and a reason", out, msg)
	}
	if cmd, _, _ := strings.Cut(out.Try, " "); cmd != "" && strings.Contains(out.Error, cmd) {
		t.Errorf("the refusal's message names the command of its hint %q: %q", out.Try, out.Error)
	}
}

// ok runs a call that must succeed and returns its stdout.
func ok(t *testing.T, db string, args ...string) string {
	t.Helper()
	r := ccctl(t, db, "", args...)
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("ccctl %s: exit %d, stderr %q, stdout %s", strings.Join(args, " "), r.code, r.stderr, r.stdout)
	}
	return r.stdout
}

// okJSON runs a call that must succeed and decodes its JSON output.
func okJSON(t *testing.T, db string, args ...string) map[string]any {
	t.Helper()
	out := ok(t, db, args...)
	return decode(t, out)
}

func decode(t *testing.T, out string) map[string]any {
	t.Helper()
	var v map[string]any
	dec := json.NewDecoder(strings.NewReader(out))
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("output is not a JSON object: %v\n%s", err, out)
	}
	if dec.More() {
		t.Fatalf("output holds more than one JSON document:\n%s", out)
	}
	return v
}

// get walks a decoded JSON value by keys and indexes.
func get(t *testing.T, v any, path ...any) any {
	t.Helper()
	for _, p := range path {
		switch k := p.(type) {
		case string:
			m, ok := v.(map[string]any)
			if !ok {
				t.Fatalf("get %v: %v is not an object", path, v)
			}
			v = m[k]
		case int:
			a, ok := v.([]any)
			if !ok || k >= len(a) {
				t.Fatalf("get %v: %v is not an array with index %d", path, v, k)
			}
			v = a[k]
		}
	}
	return v
}

// tempDB returns a fresh save file path.
func tempDB(t *testing.T) string {
	return filepath.Join(t.TempDir(), "saves.db")
}

// newGame creates a scorepad game and returns its id.
func newGame(t *testing.T, db string, extra ...string) string {
	t.Helper()
	args := append([]string{"new", "--system", "scorepad", "--seats", "alice,bob", "--seed", "9"}, extra...)
	id, _ := okJSON(t, db, args...)["id"].(string)
	if id == "" {
		t.Fatal("new printed no id")
	}
	return id
}

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs (run go test -update after checking the change):\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}
