package npc

import "fmt"

// Noise is one noisy act: a shot or close-combat attack (the weapon mode's
// noise, times the members for a squad), given by the game.
type Noise struct {
	// Char is the character who made it; Player its owner, whose noise it
	// is in the sections.
	Char   string `json:"char"`
	Player int    `json:"player"`
	// Sections are the map sections the character stands in.
	Sections []string `json:"sections"`
	Amount   int      `json:"amount"`
}

// MakeNoise records a noisy act (RULES-FACTS.md §10.3): the amount adds to
// the game's cumulative noise (the table's threat rises one level per
// NoisePerThreat, capped) and to the character's noise this turn, and half
// of it goes at once to each section the character stands in; the other
// half follows at the Command phase (EndMove).
func MakeNoise(w World, n Noise) (World, error) {
	if err := w.checkPlayer(n.Player); err != nil {
		return w, err
	}
	if n.Amount < 0 || n.Amount > maxRotters {
		return w, fmt.Errorf("npc: noise %d is not within 0–%d", n.Amount, maxRotters)
	}
	if n.Char == "" {
		return w, fmt.Errorf("npc: noise without a character")
	}
	w = w.Clone()
	w.Noise = min(w.Noise+n.Amount, 1<<40)
	i := w.char(n.Char)
	if i < 0 {
		w.Chars = append(w.Chars, CharNoise{ID: n.Char, Player: n.Player})
		i = len(w.Chars) - 1
	}
	w.Chars[i].Player = n.Player
	w.Chars[i].Current = min(w.Chars[i].Current+n.Amount, 1<<40)
	w.Chars[i].Total = min(w.Chars[i].Total+n.Amount, 1<<40)
	w.addSectionNoise(n.Player, n.Sections, n.Amount/2)
	return w, nil
}

// SectionNoise adds noise to sections without a character: an explosion's
// noise the phase its template first opens (§10.3). It does not raise the
// table's threat.
func SectionNoise(w World, player int, sections []string, amount int) (World, error) {
	if err := w.checkPlayer(player); err != nil {
		return w, err
	}
	if amount < 0 || amount > maxRotters {
		return w, fmt.Errorf("npc: noise %d is not within 0–%d", amount, maxRotters)
	}
	w = w.Clone()
	w.addSectionNoise(player, sections, amount)
	return w, nil
}

// Placement is where a character ended its move: the sections it is in.
type Placement struct {
	Char     string   `json:"char"`
	Sections []string `json:"sections"`
}

// EndMove adds the second half of this turn's noise of player's characters
// to the sections they ended their move in (the Command phase, §10.3).
// Characters not placed (off the table) add nothing.
func EndMove(w World, player int, at []Placement) (World, error) {
	if err := w.checkPlayer(player); err != nil {
		return w, err
	}
	w = w.Clone()
	for _, p := range at {
		i := w.char(p.Char)
		if i < 0 || w.Chars[i].Player != player {
			continue
		}
		w.addSectionNoise(player, p.Sections, w.Chars[i].Current/2)
	}
	return w, nil
}

// StartAction is the start of player's Action phase (§1.7): the player's
// noise in every section halves and its characters' noise this turn is
// cleared.
func StartAction(w World, player int) (World, error) {
	if err := w.checkPlayer(player); err != nil {
		return w, err
	}
	w = w.Clone()
	for i := range w.Sections {
		w.Sections[i].Noise[player] /= 2
	}
	for i := range w.Chars {
		if w.Chars[i].Player == player {
			w.Chars[i].Current = 0
		}
	}
	return w, nil
}

// SectionNoiseTotal is a section's noise of all players (0 for an unknown
// section).
func (w World) SectionNoiseTotal(id string) int {
	i := w.section(id)
	if i < 0 {
		return 0
	}
	n := 0
	for _, v := range w.Sections[i].Noise {
		n += v
	}
	return n
}

// CurrentNoise is a character's noise this turn.
func (w World) CurrentNoise(char string) int {
	if i := w.char(char); i >= 0 {
		return w.Chars[i].Current
	}
	return 0
}

func (w *World) addSectionNoise(player int, sections []string, amount int) {
	for _, id := range sections {
		if i := w.section(id); i >= 0 {
			w.Sections[i].Noise[player] = min(w.Sections[i].Noise[player]+amount, 1<<40)
		}
	}
}

func (w *World) char(id string) int {
	for i, c := range w.Chars {
		if c.ID == id {
			return i
		}
	}
	return -1
}

// Players is the number of players the world was made for.
func (w World) Players() int {
	if len(w.Sections) == 0 {
		return 0
	}
	return len(w.Sections[0].Noise)
}

func (w *World) checkPlayer(p int) error {
	if p < 0 || p >= w.Players() {
		return fmt.Errorf("npc: no player %d (the world has %d)", p, w.Players())
	}
	return nil
}
