// Package ast declares the tree urlgrammar's parsers build: Tree, the same kind for every
// grammar (its rules' nodes in one block, in pre-order, each with its byte span), which
// Grammar.Parse and Parser.Parse return. Each grammar's package reads it through typed views
// generated from the grammar (rfc3986.Root(&tree): a view per rule, an accessor per child),
// built on View and Children here; Tree's cursor methods (FirstChild, NextSibling, ChildOf)
// walk it without them. Components and Tree.Components split a tree the way the grammar's
// header declares, the same for every grammar (the CLI's JSON contract).
//
// A node's text is a slice of the input, exactly as written: escapes are not decoded
// (Unescape and UnescapeIf are that separate step). A component that is undefined (its
// delimiter is absent) has no node; one that is present but empty has an empty node.
//
// Schema, Decl, TreeNode, NewTree and the shape types are what generated grammar packages
// are built from: a program that parses needs none of them.
package ast
