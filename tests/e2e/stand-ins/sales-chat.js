// A local stand-in for the sales chat widget (SS_*): the same command queue the site drives,
// window.ssq.push("chatOpen" | "chatClose" | "onCloseChat", callback), and a visible window.
(function () {
  var onClose = [];
  function close() {
    var el = document.getElementById("stand-in-sales");
    if (el) el.remove();
    onClose.forEach(function (cb) {
      cb();
    });
  }
  window.ssq = {
    push: function (command, arg) {
      if (command === "onCloseChat") onClose.push(arg);
      if (command === "chatClose") close();
      if (command === "chatOpen" && !document.getElementById("stand-in-sales")) {
        var el = document.createElement("div");
        el.id = "stand-in-sales";
        el.setAttribute("data-testid", "sales-chat-window");
        el.setAttribute("role", "dialog");
        el.textContent = "Sales chat";
        var button = document.createElement("button");
        button.textContent = "Close chat";
        button.setAttribute("data-testid", "sales-chat-close");
        button.onclick = close;
        el.appendChild(button);
        document.body.appendChild(el);
      }
    },
  };
})();
