#include "report/report_page.h"

#include "results/xml_text.h"

namespace tracedb {
namespace {

constexpr const char* kStyle = R"(<style>
body { font-family: sans-serif; font-size: 14px; margin: 1.5em; color: #222; }
h1 { font-size: 22px; margin-bottom: 0.2em; }
h2 { font-size: 17px; margin-top: 1.6em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; font-size: 12px; }
th, td { padding: 2px 8px; border-bottom: 1px solid #eee; text-align: left; }
td.long { max-width: 48em; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.pair { display: flex; flex-wrap: wrap; gap: 2em; align-items: flex-start; }
.chart { overflow-x: auto; max-width: 100%; }
.note { color: #555; font-style: italic; }
#tip { position: fixed; display: none; pointer-events: none; background: #fffff0;
       border: 1px solid #999; padding: 4px 6px; font-size: 12px; white-space: pre;
       box-shadow: 2px 2px 4px rgba(0,0,0,0.2); }
</style>)";

// Shows the <title> of the SVG element under the mouse beside it at once
// (a browser's own tooltip waits, and is not shown on every element).
constexpr const char* kScript = R"(<script>
(function () {
  var tip = document.getElementById('tip');
  function titled(node) {
    for (; node && node.nodeType === 1; node = node.parentNode) {
      for (var child = node.firstElementChild; child; child = child.nextElementSibling) {
        if (child.tagName === 'title') return child.textContent;
      }
    }
    return null;
  }
  document.addEventListener('mousemove', function (event) {
    var text = titled(event.target);
    if (text === null) { tip.style.display = 'none'; return; }
    tip.textContent = text;
    tip.style.display = 'block';
    tip.style.left = (event.clientX + 14) + 'px';
    tip.style.top = (event.clientY + 14) + 'px';
  });
})();
</script>)";

}  // namespace

std::string ReportPage(const std::string& title, const std::vector<ReportSection>& sections) {
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" +
      XmlEscaped(title) + "</title>\n" + kStyle + "\n</head>\n<body>\n<h1>" + XmlEscaped(title) +
      "</h1>\n";
  for (const ReportSection& section : sections) {
    out += "<section id=\"" + XmlEscaped(section.id) + "\">\n<h2>" + XmlEscaped(section.title) +
           "</h2>\n" + section.body + "</section>\n";
  }
  return out + "<div id=\"tip\"></div>\n" + kScript + "\n</body>\n</html>\n";
}

}  // namespace tracedb
