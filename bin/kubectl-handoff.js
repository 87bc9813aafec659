#!/usr/bin/env node
// kubectl plugin entry: `kubectl handoff ...` runs the same CLI.
import './handoff.js';
