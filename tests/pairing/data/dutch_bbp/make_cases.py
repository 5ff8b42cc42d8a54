#!/usr/bin/env python3
"""Cut bbpPairings' generated tournaments round by round and compare the next round's pairing.
usage: oracle.py BBP ROCHADE OUTDIR SEED... (config from env CFG)"""
import os, subprocess, sys

WIN = set('1+WUF'); HALF = set('=DH')

def parse(path):
    text = open(path, 'rb').read().decode('latin-1').replace('\r\n', '\n').replace('\r', '\n')
    lines = [l for l in text.split('\n') if l.strip()]
    return lines

def cells(line):
    out = []
    i = 91
    while i < len(line):
        out.append(line[i:i + 10].ljust(10)[:10])
        i += 10
    return out

def score(cs):
    s = 0.0
    for c in cs:
        r = c[7:8].upper()
        if r in WIN: s += 1
        elif r in HALF: s += 0.5
    return s

def cut(lines, rnd, total):
    """TRF before pairing round rnd (1-based), with round rnd's known absences kept."""
    out = []
    initial = None
    for l in lines:
        if l.startswith('001'):
            cs = cells(l)
            keep = cs[:rnd - 1]
            if len(cs) >= rnd:
                c = cs[rnd - 1]
                if c[0:4].strip() in ('0000', '') and c[7:8].upper() in ('H', 'Z', 'F', '-', ' ') and c[7:8] != ' ' or (c[0:4].strip() in ('0000','') and c[7:8].upper() in ('H','Z','F')):
                    keep.append(c)
            head = l[:91].ljust(91)
            pts = '%4.1f' % score(cs[:rnd - 1])
            head = head[:80] + pts + head[84:]
            out.append((head + ''.join(keep)).rstrip())
        elif l.startswith('XXR') or l.startswith('XXC'):
            continue
        else:
            out.append(l)
    # the initial colour: the first player's round-1 colour, as bbpPairings infers it
    for l in lines:
        if l.startswith('001'):
            cs = cells(l)
            if cs and cs[0][5] in 'wb':
                sn = int(l[4:8])
                col = cs[0][5]
                if sn % 2 == 0: col = 'b' if col == 'w' else 'w'
                initial = 'white1' if col == 'w' else 'black1'
                break
    out.insert(1, 'XXR %d' % total)
    if initial: out.insert(2, 'XXC %s' % initial)
    return '\n'.join(out) + '\n'

def pairs_of(text):
    ls = [l.split() for l in text.strip().split('\n')[1:] if l.strip()]
    return ls

import random
def add_forbidden(trf, rnd, seed):
    """Two or three XXP pairs of players who are to be paired and have not met."""
    rng = random.Random(int(seed) * 100 + rnd)
    lines = trf.split('\n')
    present, met = [], set()
    for l in lines:
        if l.startswith('001'):
            sn = int(l[4:8]); cs = cells(l)
            if len(cs) < rnd: present.append(sn)
            for c in cs:
                o = c[0:4].strip()
                if o and o != '0000': met.add((min(sn, int(o)), max(sn, int(o))))
    pairs = set()
    for _ in range(40):
        if len(pairs) >= rng.choice([1, 2, 3]) or len(present) < 4: break
        a, b = sorted(rng.sample(present, 2))
        if (a, b) not in met: pairs.add((a, b))
    extra = ['XXP %d %d' % p for p in sorted(pairs)]
    return '\n'.join(lines[:3] + extra + lines[3:])

def add_late_entries(trf, rnd, seed):
    """One or two players entering at round rnd: a half-point bye (H) or nothing (Z) for each
    round they missed, ratings anywhere in the field."""
    rng = random.Random(int(seed) * 1000 + rnd)
    lines = trf.split('\n')
    players = [l for l in lines if l.startswith('001')]
    top = max(int(l[4:8]) for l in players)
    extra = []
    for k in range(rng.choice([1, 2])):
        sn = top + 1 + k
        rating = rng.randint(1500, 2700)
        cells_ = ''.join('0000 - %s  ' % rng.choice('HZ') for _ in range(rnd - 1))
        pts = 0.5 * cells_.count(' H')
        head = '001 %4d      Test%04d Player%04d' % (sn, sn, sn)
        head = head.ljust(48) + '%4d' % rating
        head = head.ljust(80) + '%4.1f' % pts + ' %4d' % sn
        extra.append((head.ljust(91) + cells_).rstrip())
    last = max(i for i, l in enumerate(lines) if l.startswith('001'))
    return '\n'.join(lines[:last + 1] + extra + lines[last + 1:])

def main():
    bbp, rochade, outdir = sys.argv[1:4]
    seeds = sys.argv[4:]
    keep = os.environ.get('KEEP')
    forbid = os.environ.get('FORBID')
    cfg = os.environ.get('CFG', 'cfg.txt')
    os.makedirs(outdir, exist_ok=True)
    agree = differ = 0
    for seed in seeds:
        full = os.path.join(outdir, 'full-%s.trf' % seed)
        subprocess.run([bbp, '--dutch', '-g', cfg, '-o', full, '-s', seed], check=True, capture_output=True)
        lines = parse(full)
        total = max(len(cells(l)) for l in lines if l.startswith('001'))
        for rnd in range(1, total + 1):
            trf = cut(lines, rnd, total)
            if rnd == 1 and 'XXC' not in trf: continue
            if forbid and rnd > 1: trf = add_forbidden(trf, rnd, seed)
            if os.environ.get('LATE') and rnd > 1: trf = add_late_entries(trf, rnd, seed)
            tag = os.environ.get('TAG', 't')
            name = os.path.join(outdir, '%s%s-r%02d' % (tag, seed, rnd))
            open(name + '.trf', 'w').write(trf)
            b = subprocess.run([bbp, '--dutch', name + '.trf', '-p', name + '.bbp'], capture_output=True, text=True)
            if b.returncode != 0:
                print('bbp failed', name, b.stderr.strip()); continue
            r = subprocess.run([rochade, 'pair', '--dutch', name + '.trf'], capture_output=True, text=True)
            exp = open(name + '.bbp').read()
            if r.returncode != 0:
                print('rochade failed', name, r.stderr.strip()); differ += 1; continue
            same = sorted(map(tuple, pairs_of(exp))) == sorted(map(tuple, pairs_of(r.stdout)))
            order = pairs_of(exp) == pairs_of(r.stdout)
            if same and order:
                agree += 1
                if keep:
                    import shutil
                    shutil.copy(name + '.trf', keep)
                    shutil.copy(name + '.bbp', os.path.join(keep, os.path.basename(name) + '.pairing'))
            else:
                differ += 1
                print('DIFF', name, 'order-only' if same else '', 'warn' if r.stderr else '')
    print('agree', agree, 'differ', differ)

main()
