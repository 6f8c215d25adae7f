/** The dashboard page and its script (plain browser JavaScript, no build step). */

export const DASHBOARD_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>saloon analytics</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f6f1e7; color: #2b2118; }
  header { background: #5b3a1e; color: #fff; padding: 12px 20px; }
  header h1 { margin: 0; font-size: 20px; }
  form { display: flex; flex-wrap: wrap; gap: 12px; padding: 12px 20px; background: #efe4d0; align-items: end; }
  label { display: flex; flex-direction: column; font-size: 12px; gap: 4px; }
  input, select, button { font-size: 14px; padding: 4px 6px; }
  main { display: grid; grid-template-columns: repeat(auto-fit, minmax(420px, 1fr)); gap: 16px; padding: 16px 20px; }
  section { background: #fff; border-radius: 6px; padding: 12px; box-shadow: 0 1px 3px rgba(0,0,0,.15); }
  section h2 { font-size: 15px; margin: 0 0 8px; }
  .summary { font-size: 13px; color: #5b4a3a; margin-top: 6px; min-height: 1em; }
  #status { padding: 0 20px; font-size: 13px; color: #8a1c1c; min-height: 1em; }
  canvas { max-height: 320px; }
</style>
</head>
<body>
<header><h1>saloon analytics</h1></header>
<form id="filters">
  <label>Game <select name="gameType" id="gameType">
    <option value="carson-city">Carson City</option>
    <option value="bang-dice">Bang! The Dice Game</option>
    <option value="great-western-trail">Great Western Trail</option>
    <option value="coloma">Coloma</option>
  </select></label>
  <label>Win rate by <select name="by" id="by">
    <option value="PERSONALITY">personality</option>
    <option value="CHARACTER">character</option>
    <option value="ROLE">role</option>
    <option value="SEAT">seat</option>
    <option value="BOT_LEVEL">bot level</option>
  </select></label>
  <label>Players <input name="players" id="players" placeholder="e.g. 3,4" size="6"></label>
  <label>From <input type="date" name="from" id="from"></label>
  <label>To <input type="date" name="to" id="to"></label>
  <label>Seats <select name="seatKind" id="seatKind">
    <option value="">all</option><option value="HUMAN">humans</option><option value="BOT">bots</option>
  </select></label>
  <label>Tables <select name="tables" id="tables">
    <option value="">all</option><option value="ALL_BOTS">bots only</option><option value="WITH_HUMANS">with humans</option>
  </select></label>
  <label>Options (JSON) <input name="options" id="options" placeholder='{"characterChoice":false}' size="22"></label>
  <button type="submit" id="apply">Apply</button>
</form>
<div id="status"></div>
<main>
  <section><h2 id="winTitle">Win rate by personality (95% Wilson interval)</h2><canvas id="winRateChart"></canvas><div class="summary" id="winSummary"></div></section>
  <section><h2>Final score histogram</h2><canvas id="scoreChart"></canvas><div class="summary" id="scoreSummary"></div></section>
  <section><h2>Game length over time (mean minutes per day)</h2><canvas id="lengthChart"></canvas><div class="summary" id="lengthSummary"></div></section>
  <section id="colomaSection" hidden><h2>Coloma: Location choices and Busts</h2><canvas id="colomaSitesChart"></canvas><div class="summary" id="colomaSummary"></div></section>
</main>
<script src="/analytics/assets/chart.umd.min.js"></script>
<script src="/analytics/assets/chartjs-chart-error-bars.umd.min.js"></script>
<script src="/analytics/dashboard.js"></script>
</body>
</html>
`;

export const DASHBOARD_JS = String.raw`'use strict';
(function () {
  Chart.register(ChartErrorBars.BarWithErrorBarsController, ChartErrorBars.BarWithErrorBar);
  Chart.defaults.animation = false;
  var charts = {};
  window.saloonCharts = charts;
  window.saloonDashboard = { loads: 0, ready: false, error: null };

  var QUERY = 'query Dashboard($by: WinRateDimension!, $filter: AnalyticsFilterInput) {' +
    ' winRates(by: $by, filter: $filter, first: 100) { items { key games wins winRate low high } totalCount }' +
    ' scoreDistribution(filter: $filter) { count mean median min max bucketSize buckets { from to count } }' +
    ' gameLength(filter: $filter, interval: DAY, last: 90) { games meanDurationMs medianDurationMs meanRounds series { period games meanDurationMs } }';
  // Coloma's own tables, asked for only when Coloma is the chosen game.
  var COLOMA = ' colomaLocations(filter: $filter) { choices rounds bustRate bySite { site choices share busted bustRate } }' +
    ' colomaShootouts(filter: $filter) { shootouts won }' +
    ' colomaScoreCategories(filter: $filter) { seats categories { category mean } }';

  function filterFromForm() {
    var f = {};
    var v = function (id) { return document.getElementById(id).value.trim(); };
    if (v('gameType')) f.gameType = v('gameType');
    if (v('players')) f.playerCounts = v('players').split(',').map(function (s) { return Number(s.trim()); }).filter(function (n) { return n > 0; });
    if (v('from')) f.from = new Date(v('from') + 'T00:00:00Z').toISOString();
    if (v('to')) f.to = new Date(new Date(v('to') + 'T00:00:00Z').getTime() + 86400000).toISOString();
    if (v('seatKind')) f.seatKind = v('seatKind');
    if (v('tables')) f.tables = v('tables');
    if (v('options')) f.options = JSON.parse(v('options'));
    return f;
  }

  function draw(id, config) {
    if (charts[id]) charts[id].destroy();
    charts[id] = new Chart(document.getElementById(id + 'Chart'), config);
  }

  function pct(x) { return (100 * x).toFixed(1) + '%'; }

  function render(data, by) {
    var rates = data.winRates.items;
    document.getElementById('winTitle').textContent = 'Win rate by ' + by.toLowerCase().replace('_', ' ') + ' (95% Wilson interval)';
    draw('winRate', {
      type: 'barWithErrorBars',
      data: {
        labels: rates.map(function (r) { return r.key; }),
        datasets: [{
          label: 'win rate',
          backgroundColor: '#b5651d',
          data: rates.map(function (r) { return { y: r.winRate, yMin: r.low, yMax: r.high }; }),
        }],
      },
      options: {
        plugins: { tooltip: { callbacks: { afterLabel: function (ctx) { var r = rates[ctx.dataIndex]; return 'n = ' + r.games + ', wins = ' + r.wins; } } } },
        scales: { y: { min: 0, max: 1, ticks: { callback: function (v) { return pct(v); } } } },
      },
    });
    document.getElementById('winSummary').textContent = rates.length + ' groups, ' +
      rates.reduce(function (n, r) { return n + r.games; }, 0) + ' seat-games';

    var s = data.scoreDistribution;
    draw('score', {
      type: 'bar',
      data: {
        labels: s.buckets.map(function (b) { return s.bucketSize === 1 ? String(b.from) : b.from + '-' + (b.to - 1); }),
        datasets: [{ label: 'seats', backgroundColor: '#6b8e23', data: s.buckets.map(function (b) { return b.count; }) }],
      },
      options: { scales: { y: { beginAtZero: true } } },
    });
    document.getElementById('scoreSummary').textContent = s.count
      ? s.count + ' scores, mean ' + s.mean.toFixed(2) + ', median ' + s.median + ', min ' + s.min + ', max ' + s.max
      : 'no scores';

    var g = data.gameLength;
    draw('length', {
      type: 'line',
      data: {
        labels: g.series.map(function (p) { return p.period; }),
        datasets: [{ label: 'mean minutes', borderColor: '#5b3a1e', backgroundColor: '#5b3a1e',
          data: g.series.map(function (p) { return p.meanDurationMs / 60000; }) }],
      },
      options: { scales: { y: { beginAtZero: true } } },
    });
    renderColoma(data);
    document.getElementById('lengthSummary').textContent = g.games
      ? g.games + ' games, mean ' + (g.meanDurationMs / 60000).toFixed(2) + ' min, median ' + (g.medianDurationMs / 60000).toFixed(2) + ' min, ' + (g.meanRounds || 0).toFixed(1) + ' rounds/turns'
      : 'no finished games';
  }

  function renderColoma(data) {
    var section = document.getElementById('colomaSection');
    section.hidden = !data.colomaLocations;
    if (!data.colomaLocations) return;
    var l = data.colomaLocations;
    draw('colomaSites', {
      type: 'bar',
      data: {
        labels: l.bySite.map(function (r) { return 'Site ' + r.site; }),
        datasets: [
          { label: 'share of choices', backgroundColor: '#b5651d', data: l.bySite.map(function (r) { return r.share; }) },
          { label: 'Bust rate', backgroundColor: '#8a1c1c', data: l.bySite.map(function (r) { return r.bustRate; }) },
        ],
      },
      options: { scales: { y: { min: 0, max: 1, ticks: { callback: function (v) { return pct(v); } } } } },
    });
    var sh = data.colomaShootouts;
    var total = data.colomaScoreCategories.categories.filter(function (c) { return c.category === 'total'; })[0];
    document.getElementById('colomaSummary').textContent = l.choices + ' choices in ' + l.rounds + ' Rounds, ' +
      pct(l.bustRate) + ' Bust; Shootouts won ' + sh.won + ' of ' + sh.shootouts +
      (total && total.mean !== null ? '; mean final score ' + total.mean.toFixed(1) : '');
  }

  async function load() {
    var status = document.getElementById('status');
    status.textContent = '';
    var by = document.getElementById('by').value;
    try {
      var response = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: QUERY + (document.getElementById('gameType').value === 'coloma' ? COLOMA : '') + ' }',
          variables: { by: by, filter: filterFromForm() },
        }),
      });
      var body = await response.json();
      if (body.errors && body.errors.length) throw new Error(body.errors.map(function (e) { return e.message; }).join('; '));
      render(body.data, by);
      window.saloonDashboard.loads++;
      window.saloonDashboard.ready = true;
    } catch (error) {
      window.saloonDashboard.error = String(error && error.message || error);
      status.textContent = 'Could not load: ' + window.saloonDashboard.error;
    }
  }

  document.getElementById('gameType').addEventListener('change', function () {
    document.getElementById('by').value =
      this.value === 'bang-dice' ? 'CHARACTER' : this.value === 'carson-city' ? 'PERSONALITY' : 'SEAT';
  });
  document.getElementById('filters').addEventListener('submit', function (e) { e.preventDefault(); load(); });
  var params = new URLSearchParams(location.search);
  params.forEach(function (value, key) { var el = document.getElementById(key); if (el) el.value = value; });
  window.saloonDashboard.reload = load;
  load();
})();
`;
