package console_test

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The layer rules of DESIGN.md section 1, checked on the real import graph
// (the deptest idea): a rule broken anywhere in the module fails here.

const module = "github.com/commandconsole/commandconsole"

type pkg struct {
	ImportPath string
	Name       string
	Dir        string
	GoFiles    []string
	Imports    []string
	Deps       []string
}

func listPackages(t *testing.T) []pkg {
	t.Helper()
	cmd := exec.Command("go", "list", "-json", module+"/...")
	cmd.Env = append(cmd.Environ(), "CGO_ENABLED=0", "GOFLAGS=-tags=ci")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var pkgs []pkg
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p pkg
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	if len(pkgs) < 5 {
		t.Fatalf("go list found only %d packages", len(pkgs))
	}
	return pkgs
}

func rel(path string) string { return strings.TrimPrefix(strings.TrimPrefix(path, module), "/") }

// under reports whether path is one of the module's packages at or below
// one of the prefixes (so the standard library's "sync" is not ours).
func under(path string, prefixes ...string) bool {
	if path != module && !strings.HasPrefix(path, module+"/") {
		return false
	}
	r := rel(path)
	for _, p := range prefixes {
		if r == p || strings.HasPrefix(r, p+"/") {
			return true
		}
	}
	return false
}

func isFyne(path string) bool { return strings.HasPrefix(path, "fyne.io/") }
func isBolt(path string) bool { return strings.HasPrefix(path, "go.etcd.io/bbolt") }

func TestLayerRules(t *testing.T) {
	for _, p := range listPackages(t) {
		r := rel(p.ImportPath)
		if p.Name == "sync" {
			t.Errorf("%s: a package named sync shadows the standard library; use a subpackage name", r)
		}
		// console/conformance is test support: it reads golden files, so it
		// may use os, but it is held to the rest.
		pure := r == "console" || under(p.ImportPath, "games", "npc", "assets") || r == "console/report" || r == "console/stats" || r == "console/script"
		testSupport := r == "console/conformance"
		for _, imp := range p.Imports {
			// The app's rooms import each other; nothing below the app
			// imports it, and nothing but cmd imports cmd.
			if (under(imp, "cmd") && !under(p.ImportPath, "cmd")) || (under(imp, "app") && !under(p.ImportPath, "cmd", "app")) {
				t.Errorf("%s imports %s: nothing but cmd (and app's own packages) may import app, nothing but cmd may import cmd", r, rel(imp))
			}
			if pure && (imp == "os" || imp == "net" || strings.HasPrefix(imp, "net/") || imp == "os/exec") {
				t.Errorf("%s imports %s: the engine, games and npc stay free of files and network", r, imp)
			}
			if (r == "console" || under(p.ImportPath, "games", "npc")) && under(imp, "sync", "app", "console/store") {
				t.Errorf("%s imports %s: against the layer order", r, rel(imp))
			}
			if under(p.ImportPath, "npc") && strings.HasPrefix(imp, module) && rel(imp) != "console" {
				t.Errorf("%s imports %s: npc uses at most console's dice", r, rel(imp))
			}
			if under(p.ImportPath, "assets") && strings.HasPrefix(imp, module) {
				t.Errorf("%s imports %s: assets holds data and loaders only", r, rel(imp))
			}
		}
		headless := pure || testSupport || under(p.ImportPath, "sync", "console/store", "cmd/ccctl")
		for _, dep := range p.Deps {
			if headless && isFyne(dep) {
				t.Errorf("%s depends on %s: only app and cmd/commandconsole may use Fyne", r, dep)
			}
			if (pure || testSupport) && isBolt(dep) {
				t.Errorf("%s depends on %s: only console/store talks to bbolt", r, dep)
			}
		}
		if under(p.ImportPath, "games", "npc") {
			checkNoWallClock(t, p)
		}
	}
}

// checkNoWallClock fails on any call of time.Now in rules code: a replay on
// another tablet, days later, must reach the same state.
func checkNoWallClock(t *testing.T, p pkg) {
	fset := token.NewFileSet()
	for _, f := range p.GoFiles {
		file, err := parser.ParseFile(fset, filepath.Join(p.Dir, f), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if id, ok := sel.X.(*ast.Ident); ok && id.Name == "time" && (sel.Sel.Name == "Now" || sel.Sel.Name == "Since") {
				t.Errorf("%s: time.%s in rules code", fset.Position(sel.Pos()), sel.Sel.Name)
			}
			if id, ok := sel.X.(*ast.Ident); ok && id.Name == "rand" {
				t.Errorf("%s: rand.%s in rules code: use the game's console.Dice", fset.Position(sel.Pos()), sel.Sel.Name)
			}
			return true
		})
	}
}
