package ruunara

import (
	"fmt"

	"github.com/commandconsole/commandconsole/console"
)

// dump prints the history, for debugging a test.
func (g *tgame) dump() {
	for _, e := range g.evs {
		line, ok := g.r.Describe(g.s, e, "p1")
		if e.Type == EvActivity {
			var p Activity
			console.Decode(e.Data, &p)
			line, ok = fmt.Sprintf("activity %+v", p), true
		}
		if ok {
			fmt.Println(e.Seq, e.Type, line)
		}
	}
}

// show prints the open prompt as p1 sees it, for writing scripts.
func (g *tgame) show() {
	v := g.view("p1")
	if v.Prompt == nil {
		fmt.Printf("-- round %d %s %s: no prompt\n", v.Round, v.Side, v.Phase)
		return
	}
	fmt.Printf("-- round %d %s %s: %s %s %q\n", v.Round, v.Side, v.Phase, v.Prompt.Kind, v.Prompt.ID, v.Prompt.Text)
	for _, l := range v.Prompt.Lines {
		fmt.Printf("     %s: %s (default %s)\n", l.Unit, l.Text, l.Default)
	}
	for _, o := range v.Orders {
		fmt.Printf("     order %s\n", o.Text)
	}
}

// summary prints every unit's state, for writing scripts.
func (g *tgame) summary() {
	v := g.view("p1")
	fmt.Printf("== round %d %s %s\n", v.Round, v.Side, v.Phase)
	for _, h := range v.Heroes {
		fmt.Printf("   %s %s %d/%d %s engaged %v %s\n", h.ID, h.Name, h.HP, h.MaxHP, h.Status, h.Engaged, h.Timer)
	}
	for _, e := range v.Enemies {
		fmt.Printf("   %s %d/%d %s\n", e.ID, e.HP, e.MaxHP, e.Label)
	}
}
