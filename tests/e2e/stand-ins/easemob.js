// A local stand-in for easemob's web widget (HUAN_XIN): window.easemobim.bind({ onclose }) opens it.
(function () {
  window.easemobim = {
    bind: function (options) {
      if (document.getElementById("stand-in-easemob")) return;
      var el = document.createElement("div");
      el.id = "stand-in-easemob";
      el.setAttribute("data-testid", "easemob-window");
      el.setAttribute("role", "dialog");
      el.textContent = "Easemob chat";
      var button = document.createElement("button");
      button.textContent = "Close";
      button.onclick = function () {
        el.remove();
        if (options && options.onclose) options.onclose();
      };
      el.appendChild(button);
      document.body.appendChild(el);
    },
  };
})();
