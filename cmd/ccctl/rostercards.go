package main

// Ruunara cards in the roster: roster add-card FILE keeps the players' own
// unit cards (units.json records) for later games, and do GAME --seat S
// define-card roster=ID sends a kept card whole as define-card json=….

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/store"
	"github.com/commandconsole/commandconsole/games/ruunara"
	"github.com/commandconsole/commandconsole/games/ruunara/card"
)

// kindCards is the list verb's name for Ruunara cards.
const kindCards = "cards"

// rosterCardOut is a line of roster list.
type rosterCardOut struct {
	Name    string `json:"name"`
	Card    string `json:"card"`
	Faction string `json:"faction"`
}

// rosterAddCards checks and stores one card record or an array of them.
func (c *cli) rosterAddCards(db *store.DB, b []byte) error {
	cards, err := card.DecodeRecords(b)
	if err != nil {
		return usagef("not a Ruunara card: %v", err)
	}
	var out []rosterEntryOut
	for _, cd := range cards {
		cd.Custom = true
		rec, err := cardRecord(cd)
		if err != nil {
			return err
		}
		had, err := exists(db, ruunara.RosterKindCard, cd.ID)
		if err != nil {
			return err
		}
		if err := db.PutRoster(ruunara.RosterKindCard, cd.ID, rec); err != nil {
			return err
		}
		out = append(out, rosterEntryOut{Name: cd.ID, Kind: "card", Card: json.RawMessage(rec), Replaced: had})
	}
	return c.writeJSON(struct {
		Added []rosterEntryOut `json:"added"`
	}{out})
}

// cardRecord is a card as one compact units.json record.
func cardRecord(cd card.Card) ([]byte, error) {
	b, err := card.EncodeRecords([]card.Card{cd})
	if err != nil {
		return nil, err
	}
	// EncodeRecords writes an array: keep its one element
	var one []json.RawMessage
	if err := json.Unmarshal(b, &one); err != nil || len(one) != 1 {
		return nil, fmt.Errorf("encode card %s: %v", cd.ID, err)
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, one[0]); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// rosterCards lists the kept cards.
func rosterCards(db *store.DB) ([]rosterCardOut, error) {
	names, err := db.Rosters(ruunara.RosterKindCard)
	if err != nil {
		return nil, err
	}
	out := []rosterCardOut{}
	for _, n := range names {
		b, err := db.Roster(ruunara.RosterKindCard, n)
		if err != nil {
			return nil, err
		}
		cs, err := card.DecodeRecords(b)
		if err != nil || len(cs) != 1 {
			return nil, fmt.Errorf("roster card %s is damaged: %v", n, err)
		}
		out = append(out, rosterCardOut{Name: n, Card: cs[0].Name, Faction: cs[0].Faction})
	}
	return out, nil
}

// expandRosterCard turns define-card roster=ID into define-card json=….
func expandRosterCard(db *store.DB, system string, cmd *console.Command) error {
	raw, ok := cmd.Args["roster"]
	if !ok || system != ruunara.ID || cmd.Name != ruunara.CmdDefineCard {
		return nil
	}
	if len(cmd.Args) > 1 {
		return usagef("define-card: give roster=ID alone")
	}
	name := fmt.Sprint(raw)
	b, err := db.Roster(ruunara.RosterKindCard, name)
	if errors.Is(err, store.ErrNoRoster) {
		return &usageError{msg: fmt.Sprintf("no card %q in the roster (ccctl roster list --kind cards)", name), err: console.ErrNotFound}
	}
	if err != nil {
		return err
	}
	cmd.Args = map[string]any{"json": string(b)}
	return nil
}
