// Package assets holds Command Console's embedded files: the application
// icon and, later, the rules data game systems read. It contains only the
// //go:embed declarations and loaders that return bytes; it imports no GUI
// code, so game systems may import it too (the GUI wraps the bytes in Fyne
// resources itself).
package assets

import "embed"

// iconPNG is the application icon, 1024×1024, drawn by app/internal/icongen.
//
//go:embed icon.png
var iconPNG []byte

// IconName is the file name of the application icon.
const IconName = "icon.png"

// Icon returns the application icon as PNG bytes. The slice is shared:
// callers must not modify it.
func Icon() []byte { return iconPNG }

// LandsOfRuin holds the Lands of Ruin rules data: the JSON files of the
// landsofruin folder (see its README.md). games/landsofruin loads and
// validates them.
//
//go:embed landsofruin
var LandsOfRuin embed.FS

// Ruunara holds the Ruunara: The Darkest Path data: the JSON files of the
// ruunara folder (races, the partial unit cards the rulebook gives, the
// numbers of the rules, the free-play mission; see its README.md).
// games/ruunara/card loads and validates them.
//
//go:embed ruunara
var Ruunara embed.FS

// Runeball holds the Runeball data: the CSV tables of the runeball folder
// (stats, skills, constants, the kickoff, bounce, block, wound and pass
// tables, the field's columns; see its README.md and the Runeball SPEC.md
// §4). games/runeball/data loads and validates them.
//
//go:embed runeball
var Runeball embed.FS
