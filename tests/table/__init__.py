"""Tests of the table (``pokerroom.table``); a package so module names do not clash."""
