// A rating history as a small SVG chart of our own: the points (oldest first, {at: ms, rating})
// become a path over time, with a rating axis at round numbers and the first and last day below.
// chartModel is pure arithmetic (tested by node: where a point lands, which ticks the axis gets);
// ratingChart turns a model into SVG nodes.

import { dateOnly } from '../time_format.js';

const SVG = 'http://www.w3.org/2000/svg';

// The chart's box in SVG units: the plot is inside the margins, the labels in them.
export const CHART_SIZE = { width: 560, height: 180, left: 46, right: 14, top: 10, bottom: 24 };

// The steps the rating axis may take, smallest first.
const STEPS = [10, 20, 25, 50, 100, 200, 250, 500, 1000];

// The smallest round step that divides `span` rating points into at most `most` parts.
export function ratingStep(span, most = 4) {
    for (const step of STEPS) if (span / step <= most) return step;
    return Math.ceil(span / most / 1000) * 1000;
}

// The rating axis: from `low` to `high`, both multiples of `step`, around every rating; a flat
// history (or a single point) gets a step above and below.
export function ratingAxis(ratings) {
    const min = Math.min(...ratings);
    const max = Math.max(...ratings);
    const step = ratingStep(Math.max(max - min, 40));
    let low = Math.floor(min / step) * step;
    let high = Math.ceil(max / step) * step;
    if (low === high) {
        low -= step;
        high += step;
    }
    return { low, high, step };
}

const round1 = (value) => Math.round(value * 10) / 10;

// {path, dots: [{x, y, at, rating}], yTicks: [{y, value}], xTicks: [{x, at}], low, high, size},
// or null for no points. x grows with time (a single point, or points at one instant, stand in
// the middle); y grows downwards as SVG's does, so the highest rating is at the top.
export function chartModel(points, size = CHART_SIZE) {
    const usable = (points || []).filter((point) => Number.isFinite(Number(point.at)) && Number.isFinite(Number(point.rating)));
    if (usable.length === 0) return null;
    const plotWidth = size.width - size.left - size.right;
    const plotHeight = size.height - size.top - size.bottom;
    const first = Number(usable[0].at);
    const last = Number(usable[usable.length - 1].at);
    const { low, high, step } = ratingAxis(usable.map((point) => Number(point.rating)));
    const x = (at) => round1(last === first ? size.left + plotWidth / 2 : size.left + ((Number(at) - first) / (last - first)) * plotWidth);
    const y = (rating) => round1(size.top + ((high - Number(rating)) / (high - low)) * plotHeight);
    const dots = usable.map((point) => ({ x: x(point.at), y: y(point.rating), at: Number(point.at), rating: Number(point.rating) }));
    const path = dots.map((dot, index) => `${index ? 'L' : 'M'}${dot.x} ${dot.y}`).join(' ');
    const yTicks = [];
    for (let value = low; value <= high; value += step) yTicks.push({ y: y(value), value });
    const xTicks = last === first ? [{ x: x(first), at: first }] : [{ x: x(first), at: first }, { x: x(last), at: last }];
    return { path, dots, yTicks, xTicks, low, high, size };
}

function svg(tag, attributes = {}, ...children) {
    const node = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
    for (const child of children) if (child) node.append(child);
    return node;
}

// The chart as an <svg>: grid lines with their ratings, the first and last day, the line and a
// dot on the newest point. label: the chart's accessible name; lang: the dates' language.
export function ratingChart(model, { label, lang }) {
    const { size } = model;
    const right = size.width - size.right;
    const bottom = size.height - size.bottom;
    const grid = model.yTicks.map((tick) => svg('g', { class: 'chart-tick' },
        svg('line', { x1: size.left, x2: right, y1: tick.y, y2: tick.y }),
        svg('text', { x: size.left - 6, y: tick.y + 4, 'text-anchor': 'end' }, String(tick.value))));
    const days = model.xTicks.map((tick, index) => svg('text', {
        class: 'chart-day', x: tick.x, y: size.height - 6,
        'text-anchor': model.xTicks.length === 1 ? 'middle' : index === 0 ? 'start' : 'end',
    }, dateOnly(tick.at, lang)));
    const newest = model.dots[model.dots.length - 1];
    return svg('svg', { class: 'rating-chart', viewBox: `0 0 ${size.width} ${size.height}`, role: 'img', 'aria-label': label },
               svg('title', {}, label),
               ...grid,
               svg('line', { class: 'chart-axis', x1: size.left, x2: size.left, y1: size.top, y2: bottom }),
               svg('line', { class: 'chart-axis', x1: size.left, x2: right, y1: bottom, y2: bottom }),
               ...days,
               svg('path', { class: 'rating-line', d: model.path, fill: 'none' }),
               svg('circle', { class: 'rating-dot', cx: newest.x, cy: newest.y, r: 3 }));
}
