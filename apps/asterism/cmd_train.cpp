// `asterism train`: fits learned knowledge to self-play training files and
// writes the weights as an include file (docs/learning.md).
#include <cstdio>

#include "cli.h"
#include "learn/train.h"

namespace asterism::cli {

Runner setup_train(CLI::App& command) {
    auto s = std::make_shared<learn::TrainSettings>();
    command.add_option("data", s->data, "Training files (positions.txt of asterism selfplay)")
        ->required();
    command.add_option("--out", s->out, "The weights file to write (.inc)")->required();
    command.add_option("--iterations", s->fit.iterations, "Full-batch steps")
        ->capture_default_str();
    command.add_option("--rate", s->fit.rate, "Step size (Adam)")->capture_default_str();
    command.add_option("--l2", s->fit.l2, "Weight decay")->capture_default_str();
    command
        .add_option("--holdout-every", s->holdout_every,
                    "Hold out every N-th game to measure the fit (0: none)")
        ->capture_default_str();
    command.add_flag("--played", s->played_only,
                     "Fit move priors to the moves played, not to the search's visits");
    return [s] {
        if (s->fit.iterations < 0) throw GameError("--iterations must be at least 0");
        if (s->holdout_every < 0) throw GameError("--holdout-every must be at least 0");
        s->command = "asterism train";
        for (const std::string& d : s->data) s->command += " " + d;
        s->command += " --out " + s->out + " --iterations " + std::to_string(s->fit.iterations);
        if (s->played_only) s->command += " --played";
        if (s->holdout_every != 10)
            s->command += " --holdout-every " + std::to_string(s->holdout_every);
        if (s->fit.rate != 0.05 || s->fit.l2 != 1e-4) {
            char buf[80];
            std::snprintf(buf, sizeof buf, " --rate %g --l2 %g", s->fit.rate, s->fit.l2);
            s->command += buf;
        }
        const learn::FitReport r = learn::train(*s);
        std::printf("positions: %d fitted, %d held out\n", r.fitted, r.held_out);
        std::printf("loss:      fitted %.4f, held out %.4f (%.4f with the starting weights)\n",
                    r.fitted_loss, r.holdout_loss, r.holdout_start_loss);
        if (r.holdout_top1 > 0)
            std::printf("top-1:     %.3f of held-out positions\n", r.holdout_top1);
        std::printf("wrote:     %s\n", s->out.c_str());
        return 0;
    };
}

}  // namespace asterism::cli
